import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { marketplaceSellingEndpoints as api } from '@cryptads/contract/endpoints/marketplace-selling';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { signIn } from '../testing/fixtures';
import { LocationProbe } from '../testing/location';
import { NewListingPage } from './new-listing-page';

configure({ asyncUtilTimeout: 5000 });

/**
 * happy-dom decodes no image: the browser's decoder is replaced by one that knows the natural
 * size of each test file by its name (an undecodable file has none).
 */
const SIZES: Record<string, [number, number]> = { 'ok.png': [128, 128], 'wide.png': [256, 128] };
class DecodingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  naturalHeight = 0;
  set src(url: string) {
    const size = SIZES[url.replace('blob:', '')];
    setTimeout(() => {
      if (!size) return this.onerror?.();
      [this.naturalWidth, this.naturalHeight] = size;
      this.onload?.();
    });
  }
}

beforeEach(() => {
  signIn(2);
  vi.stubGlobal('Image', DecodingImage);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

const png = (name: string, bytes = 2000) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

const renderForm = () => {
  const result = renderWithProviders(
    <>
      <Routes>
        <Route path="/new-listing/" element={<NewListingPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { route: '/new-listing/' },
  );
  const fileInput = () => result.container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
  return { ...result, fileInput };
};

async function fillValid(fileInput: () => HTMLInputElement) {
  await userEvent.type(screen.getByTestId('listing-title'), 'Sponsored post on Coin Street');
  await userEvent.type(screen.getByTestId('listing-price'), '350');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Finance' }));
  await userEvent.upload(fileInput(), png('ok.png'));
  await screen.findByTestId('thumbnail-preview');
}

describe('Request a Listing', () => {
  it('tells an advertiser why there is no form', async () => {
    signIn(1);
    renderForm();
    expect(await screen.findByTestId('listing-publishers-only')).toHaveTextContent(M.listingRequestsPublisherOnly);
    expect(screen.queryByTestId('new-listing-form')).not.toBeInTheDocument();
  });

  it('starts with Press Release, English and every yes/no option Yes', async () => {
    renderForm();
    expect(await screen.findByTestId('listing-category')).toHaveValue('Press Release');
    expect(screen.getByTestId('listing-language')).toHaveValue('English');
    // Gambling Allowed and the six article options of a press release.
    const yes = screen.getAllByRole('radio', { name: 'Yes' });
    expect(yes).toHaveLength(7);
    for (const radio of yes) expect(radio).toBeChecked();
    expect(screen.queryByTestId('attr-Youtube')).not.toBeInTheDocument();
  });

  it('says what is missing with the contract’s messages', async () => {
    const { fileInput } = renderForm();
    await userEvent.upload(fileInput(), png('ok.png'));
    await screen.findByTestId('thumbnail-preview');
    await userEvent.click(screen.getByTestId('listing-submit'));
    expect(await screen.findByText(M.required)).toBeInTheDocument();
    expect(screen.getByText(M.nicheRequired)).toBeInTheDocument();
    expect(screen.getByText(M.priceRequired)).toBeInTheDocument();
    expect(screen.getByTestId('listing-title')).toHaveAttribute('maxlength', '100');
    expect(screen.getByTestId('attr-Twitter')).toHaveAttribute('maxlength', '100');
    expect(sentTo(api.requestListing)).toHaveLength(0);
  });

  it('checks the thumbnail in the browser: format, 300 KB, exactly 128x128', async () => {
    const { fileInput } = renderForm();
    await userEvent.upload(fileInput(), new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await screen.findByText(M.invalidFileFormat)).toBeInTheDocument();
    await userEvent.upload(fileInput(), png('big.png', 300 * 1024 + 1));
    expect(await screen.findByText(M.thumbnailTooLarge)).toBeInTheDocument();
    await userEvent.upload(fileInput(), png('wide.png'));
    expect(await screen.findByText(M.thumbnailSize)).toBeInTheDocument();
    await userEvent.upload(fileInput(), png('broken.png'));
    expect(await screen.findByText(M.invalidFileFormat)).toBeInTheDocument();
    await userEvent.upload(fileInput(), png('ok.png'));
    expect(await screen.findByTestId('thumbnail-preview')).toBeInTheDocument();
    expect(screen.queryByText(M.invalidFileFormat)).not.toBeInTheDocument();
  });

  it('silently sends nothing without a thumbnail', async () => {
    renderForm();
    await userEvent.type(await screen.findByTestId('listing-title'), 'A title');
    await userEvent.type(screen.getByTestId('listing-price'), '100');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Finance' }));
    await userEvent.click(screen.getByTestId('listing-submit'));
    await waitFor(() => expect(screen.getByRole('button', { name: /Cover thumbnail/ })).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sentTo(api.requestListing)).toHaveLength(0);
  });

  it('sends the request with the icon as a data URL and the attributes of its category', async () => {
    serve(answer(api.requestListing, { unique: 'NEWLISTING' }));
    const { fileInput } = renderForm();
    await fillValid(fileInput);
    await userEvent.click(screen.getAllByRole('radio', { name: 'No' })[0] as HTMLElement);
    await userEvent.type(screen.getByTestId('attr-Twitter'), '@coinstreet');
    await userEvent.click(screen.getByTestId('listing-submit'));
    expect(await screen.findByText(M.listingCreated)).toBeInTheDocument();
    const body = sentTo(api.requestListing)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Sponsored post on Coin Street',
      category: 0,
      niches: ['Finance'],
      language: 'English',
      price: 350,
      icon: { name: 'ok.png' },
      attributes: {
        'Gambling Allowed': 'No',
        'Dofollow Links Allowed': 'Yes',
        'Indexed Article': 'Yes',
        Twitter: '@coinstreet',
        Language: 'English',
      },
    });
    expect((body.icon as { resource: string }).resource).toMatch(/^data:image\/png;base64,/);
    expect(body.attributes).not.toHaveProperty('Facebook');
    expect(body.attributes).not.toHaveProperty('Youtube');
    expect(screen.getByTestId('location')).toHaveTextContent('/selling/listings/');
  });

  it('drops the article options and asks for Youtube on a video listing', async () => {
    serve(answer(api.requestListing, { unique: 'NEWLISTING' }));
    const { fileInput } = renderForm();
    await fillValid(fileInput);
    await userEvent.click(screen.getByTestId('listing-category'));
    await userEvent.click(await screen.findByRole('option', { name: 'Video Advertising' }));
    expect(screen.queryByText('Dofollow Links Allowed')).not.toBeInTheDocument();
    await userEvent.type(screen.getByTestId('attr-Youtube'), 'https://youtube.example/c/coin');
    await userEvent.click(screen.getByTestId('listing-submit'));
    await screen.findByText(M.listingCreated);
    const body = sentTo(api.requestListing)[0]?.body as { category: number; attributes: Record<string, string> };
    expect(body.category).toBe(4);
    expect(body.attributes).toEqual({
      'Gambling Allowed': 'Yes',
      Youtube: 'https://youtube.example/c/coin',
      Language: 'English',
    });
  });

  it('shows the server’s reason when it refuses the thumbnail', async () => {
    serve(answer(api.requestListing, failure(400, M.thumbnailSize)));
    const { fileInput } = renderForm();
    await fillValid(fileInput);
    await userEvent.click(screen.getByTestId('listing-submit'));
    expect(await screen.findByText(M.thumbnailSize)).toBeInTheDocument();
    expect(screen.getByText('Something went wrong!')).toBeInTheDocument();
  });
});
