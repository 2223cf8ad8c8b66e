import { Button, FileInput, Group, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { BILLING_MESSAGES as M, DOCUMENT_UPLOAD } from '@cryptads/contract/billing-messages';
import { BILLING_PROFILE_MESSAGES as PM, DOCUMENT_ACCEPT } from '@cryptads/contract/billing-profile';
import { errorReason } from '../../../lib/api-client';
import { showSuccess } from '../../../ui/status-store';
import { useUploadDocument } from '../api/upload-document';

/** The first check of a chosen file; the server checks its content again (docs/product/billing.md#documents). */
export function checkChosenFile(file: File | null): string | null {
  if (!file) return PM.fileRequired;
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (!extension || !(DOCUMENT_UPLOAD.extensions as readonly string[]).includes(extension)) return M.invalidFileFormat;
  if (file.size > DOCUMENT_UPLOAD.maxBytes) return M.fileTooLarge;
  return null;
}

/** Choose a file and upload it: png, gif, jpeg, pdf, doc or docx, at most 3 MB. */
export function DocumentUpload({ disabled }: { disabled: boolean }) {
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const problem = checkChosenFile(file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const result = await upload.mutateAsync(file);
      setFile(null);
      showSuccess(result.message);
    } catch (failure) {
      setError(errorReason(failure));
    }
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <FileInput
          label="Document"
          placeholder="Choose a file"
          accept={DOCUMENT_ACCEPT}
          clearable
          value={file}
          onChange={(value) => {
            setFile(value);
            setError(value ? checkChosenFile(value) : null);
          }}
          error={error}
          disabled={disabled}
          style={{ flex: '1 1 260px' }}
          data-testid="document-file"
        />
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => void submit()}
          loading={upload.isPending}
          disabled={disabled}
          data-testid="document-upload"
        >
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
