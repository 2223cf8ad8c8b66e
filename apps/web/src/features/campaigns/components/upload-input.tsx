import { Button, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES } from '@cryptads/contract/campaign-messages';
import type { UploadPurpose, UploadResponse } from '@cryptads/contract/campaigns';
import { errorReason } from '../../../lib/api-client';
import { readAsDataUrl, useUploadFile } from '../api/upload-file';
import classes from './campaigns.module.css';

/** Banners may be GIFs; native thumbnails and covers may not (docs/product/campaigns.md#creatives). */
const ACCEPT = { banner: 'image/png,image/jpeg,image/gif', other: 'image/png,image/jpeg' };

/**
 * A drop zone with a file button: each file goes to POST /api/uploads, which checks its
 * type, weight and pixel size; the server's message is shown as it is. Files of 300 KB
 * or more are refused before sending (the same message the server would give).
 */
export function UploadInput({
  purpose,
  label,
  hint,
  multiple,
  trafficType,
  size,
  disabled,
  onUploaded,
  onErrors,
  testId,
}: {
  purpose: UploadPurpose;
  label: string;
  hint?: string;
  multiple?: boolean;
  trafficType?: 0 | 1;
  /** Change banner: the exact size the new file must have. */
  size?: string;
  disabled?: boolean;
  onUploaded: (file: UploadResponse) => string | null | undefined;
  onErrors: (messages: string[]) => void;
  testId: string;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);

  const handle = async (files: File[]) => {
    if (!files.length) return;
    setBusy(true);
    const messages: string[] = [];
    for (const file of multiple ? files : files.slice(0, 1)) {
      if (file.size >= CAMPAIGN_LIMITS.maxCreativeSize) {
        messages.push(`${file.name}: ${CAMPAIGN_MESSAGES.fileTooLarge}`);
        continue;
      }
      try {
        const data = await readAsDataUrl(file);
        const res = await upload.mutateAsync({ purpose, trafficType, size, name: file.name, data });
        const refused = onUploaded(res);
        if (refused) messages.push(`${file.name}: ${refused}`);
      } catch (error) {
        messages.push(`${file.name}: ${errorReason(error)}`);
      }
    }
    onErrors(messages);
    setBusy(false);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) void handle([...e.dataTransfer.files]);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is a shortcut; the labelled button and input are the keyboard path.
    <div
      className={classes.dropzone}
      data-over={over || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid={testId}
    >
      <Stack align="center" gap={6}>
        <IconUpload size={28} aria-hidden />
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={purpose === 'banner' ? ACCEPT.banner : ACCEPT.other}
          multiple={multiple}
          disabled={disabled || busy}
          tabIndex={-1}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          onChange={(e) => void handle([...(e.currentTarget.files ?? [])])}
          aria-label={label}
          data-testid={`${testId}-input`}
        />
        <Button
          size="xs"
          variant="default"
          loading={busy}
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          aria-controls={inputId}
        >
          Choose {multiple ? 'files' : 'a file'}
        </Button>
        <Text size="xs" c="dimmed">
          {purpose === 'banner' ? 'JPG, PNG or GIF' : 'JPG or PNG'}, under 300 KB.
        </Text>
      </Stack>
    </div>
  );
}

export function UploadErrors({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <Stack gap={2} role="alert" data-testid="upload-errors">
      {messages.map((m) => (
        <Text key={m} size="sm" c="red.9">
          {m}
        </Text>
      ))}
    </Stack>
  );
}
