import { ActionIcon, Combobox, Group, Loader, Modal, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ListingCard } from '@cryptads/contract/marketplace';
import { categoryName, MARKETPLACE_MESSAGES } from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';
import { useInstantSearch } from '../api/get-instant-search';
import { useInstantSearchFocus } from '../api/get-instant-search-focus';
import { listingsHref } from '../lib/search-state';
import classes from './marketplace.module.css';
import { useWidthQuery } from '../../../lib/hydration';
import { useOpenedOnce } from '../../../lib/opened-once';

/** Typing waits this long before asking the server (one request per pause, not per key). */
export const INSTANT_SEARCH_DEBOUNCE_MS = 250;

const INSTANT_SEARCH_MAX_TEXT = 100;
const LISTING = 'listing:';
const SEARCH = 'search:';

function ListingOption({ listing }: { listing: ListingCard }) {
  return (
    <Combobox.Option value={`${LISTING}${listing.unique}`} data-testid="instant-result">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} lineClamp={2}>
            {listing.title}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {categoryName(listing.category)}
            {listing.website ? ` · ${listing.website}` : ''}
          </Text>
        </Stack>
        <Text size="sm" fw={600} className="tabular" style={{ flexShrink: 0 }}>
          {formatEuros(listing.finalPrice)}
        </Text>
      </Group>
    </Combobox.Option>
  );
}

/**
 * The header's instant search (docs/product/marketplace.md#search-and-filters), a combobox: empty and focused it offers what
 * others searched for (GET instantSearchFocus; choosing one searches it); typing asks GET
 * instantSearch?q= after a pause and lists at most 10 listings, each opening its detail, or
 * 'No listings found.'; Enter without a chosen option opens Filter Listings with ?q=.
 * Arrow keys move through the options, Escape closes them.
 */
export function InstantSearchBox({ inDialog = false, onDone }: { inDialog?: boolean; onDone?: () => void }) {
  const autoFocus = inDialog;
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [wasFocused, setWasFocused] = useState(autoFocus);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const text = value.trim();
  const [q] = useDebouncedValue(text, INSTANT_SEARCH_DEBOUNCE_MS);
  const focus = useInstantSearchFocus(wasFocused);
  const results = useInstantSearch(q);

  const finish = () => {
    setValue('');
    combobox.closeDropdown();
    onDone?.();
  };
  const submitSearch = () => {
    if (!text) return;
    // The search text the results take is at most 100 characters (ListingFilterSchema).
    void navigate(listingsHref({ q: text.slice(0, INSTANT_SEARCH_MAX_TEXT) }));
    finish();
  };
  const onOptionSubmit = (option: string) => {
    if (option.startsWith(LISTING)) {
      void navigate(paths.marketplace.listing(option.slice(LISTING.length)));
      finish();
    } else if (option.startsWith(SEARCH)) {
      setValue(option.slice(SEARCH.length));
      combobox.resetSelectedOption();
    }
  };

  let options: ReactNode;
  let hidden = false;
  if (!text) {
    const searches = focus.data?.searches ?? [];
    if (focus.isPending && wasFocused) options = <Combobox.Empty>Loading…</Combobox.Empty>;
    else if (searches.length === 0) hidden = true;
    else
      options = (
        <Combobox.Group label={MARKETPLACE_MESSAGES.othersSearched} data-testid="instant-others">
          {searches.map((search) => (
            <Combobox.Option key={search} value={`${SEARCH}${search}`} data-testid="instant-suggestion">
              <Group gap={8} wrap="nowrap">
                <IconSearch size={14} aria-hidden />
                <Text size="sm">{search}</Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Group>
      );
  } else {
    const listings = results.data ?? [];
    const settled = q === text && !results.isFetching;
    if (listings.length > 0) options = listings.map((l) => <ListingOption key={l.unique} listing={l} />);
    else if (results.isError && settled) options = <Combobox.Empty>Search is not available right now.</Combobox.Empty>;
    else if (settled && results.isSuccess)
      options = <Combobox.Empty data-testid="instant-empty">{MARKETPLACE_MESSAGES.noListingsInstant}</Combobox.Empty>;
    else
      options = (
        <Combobox.Empty>
          <Group gap={8} justify="center">
            <Loader size={14} aria-hidden /> Searching…
          </Group>
        </Combobox.Empty>
      );
  }

  return (
    // The options float above everything, the phone's dialog included (a dialog would clip them):
    // they never take focus, so the dialog's focus trap keeps the box focused.
    // Wider than the box in the header, so that titles are readable; as wide as the box in the dialog.
    <Combobox
      store={combobox}
      onOptionSubmit={onOptionSubmit}
      withinPortal
      width={inDialog ? 'target' : 420}
      position="bottom-end"
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          aria-label="Search listings"
          placeholder="Search listings"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={value}
          maxLength={INSTANT_SEARCH_MAX_TEXT}
          autoFocus={autoFocus}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => {
            setWasFocused(true);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // Enter on a highlighted option opens it (the combobox handles that); otherwise it searches.
            if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
              event.preventDefault();
              submitSearch();
            }
          }}
          data-testid="instant-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={hidden} data-testid="instant-dropdown">
        <Combobox.Options mah={420} style={{ overflowY: 'auto' }}>
          {options}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/**
 * The box in the header of marketplace pages on wide screens; on tablets and phones, where
 * the header needs its room for the page title, a search button that opens it in a dialog.
 */
export function MarketplaceSearch() {
  const roomy = useWidthQuery('(min-width: 75em)', true);
  const [opened, dialog] = useDisclosure(false);
  const dialogMounted = useOpenedOnce(opened);
  if (roomy)
    return (
      <div className={classes.searchBox}>
        <InstantSearchBox />
      </div>
    );
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label="Search listings"
        onClick={dialog.open}
        data-testid="instant-search-open"
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      {dialogMounted ? (
        <Modal opened={opened} onClose={dialog.close} title="Search listings" yOffset="8dvh">
          <InstantSearchBox inDialog onDone={dialog.close} />
        </Modal>
      ) : null}
    </>
  );
}
