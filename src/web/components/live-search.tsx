import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { href, useFetcher, useNavigate } from 'react-router';

import { useFetcherAnswer } from '../hooks/use-fetcher-answer.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { productPath, productsPath, withQuery } from '../paths.ts';
import type { SearchResponse, SearchResult } from '../routes/api.search.ts';
import { ResponsiveImage } from './responsive-image.tsx';
import { HEADER_ICON } from './header-icon.ts';
import { Icon } from './icon.tsx';

// docs/product.md §9: suggestions are asked for 300 ms after the last keystroke (at most 10 come).
const DEBOUNCE_MS = 300;

/**
 * The navbar's live search (docs/product.md §2 "Navbar"), a WAI-ARIA 1.2 combobox with a listbox
 * popup. Wider than 768 px it is an always-visible box; up to 768 px a search button shows it as a
 * bar under the header. Without JavaScript it is a plain form that opens /products?search=….
 */
export function LiveSearch() {
  const navigate = useNavigate();
  const isHydrated = useHydrated();
  const id = useId();
  const formId = `${id}form`;
  const inputId = `${id}input`;
  const listId = `${id}list`;
  const optionId = (index: number) => `${id}option-${index}`;

  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = useFetcher<SearchResponse>();

  const [text, setText] = useState('');
  /** The answer to the latest search sent; null while the text is blank. */
  const [answer, setAnswer] = useState<SearchResponse | null>(null);
  const [isListOpen, setListOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [isBarOpen, setBarOpen] = useState(false);

  const results = answer?.results ?? [];
  const isExpanded = isListOpen && results.length > 0;
  const isNoMatchShown = isListOpen && answer !== null && results.length === 0;
  const activeResult = isExpanded ? results[activeIndex] : undefined;
  const activeOptionId = activeResult ? optionId(activeIndex) : undefined;

  // A keystroke drops the search waiting for its debounce and the one on its way: an older answer
  // must never replace a newer one.
  function cancelPending() {
    clearTimeout(timerRef.current);
    if (search.state !== 'idle') search.reset();
  }

  useFetcherAnswer(search.data, (body) => {
    setAnswer(body);
    setActiveIndex(-1);
    setListOpen(document.activeElement === inputRef.current);
  });

  function handleChange(value: string) {
    setText(value);
    setActiveIndex(-1);
    cancelPending();
    const query = value.trim();
    if (query === '') {
      setAnswer(null);
      setListOpen(false);
      return;
    }
    timerRef.current = setTimeout(() => void search.load(withQuery(href('/api/search'), { q: query })), DEBOUNCE_MS);
  }

  function closeList() {
    setListOpen(false);
    setActiveIndex(-1);
  }

  function closeBar() {
    closeList();
    setBarOpen(false);
    toggleRef.current?.focus();
  }

  function go(to: string) {
    cancelPending();
    closeList();
    setBarOpen(false);
    void navigate(to);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (activeResult) return go(productPath(activeResult.id));
    const query = text.trim();
    if (query !== '') go(productsPath({ search: query }));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (results.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = isExpanded ? activeIndex : -1;
      setListOpen(true);
      setActiveIndex(
        from === -1 ? (step === 1 ? 0 : results.length - 1) : (from + step + results.length) % results.length,
      );
    } else if (event.key === 'Escape') {
      // Prevented so that Escape does not also clear the search field.
      if (isListOpen) {
        event.preventDefault();
        closeList();
      } else if (isBarOpen) {
        event.preventDefault();
        closeBar();
      }
    }
  }

  function handleBlur(event: FocusEvent<HTMLFormElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) closeList();
  }

  // A click or tap anywhere else closes the list.
  useEffect(() => {
    if (!isListOpen) return;
    function handlePointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) closeList();
    }
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [isListOpen]);

  useEffect(() => {
    if (isBarOpen) inputRef.current?.focus();
  }, [isBarOpen]);

  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  // Leaving the page drops a search waiting for its debounce (React Router drops the one on its way).
  useEffect(() => {
    const timer = timerRef;
    return () => clearTimeout(timer.current);
  }, []);

  const comboboxProps = isHydrated
    ? ({
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-expanded': isExpanded,
        'aria-controls': listId,
        'aria-activedescendant': activeOptionId,
      } as const)
    : {};

  return (
    <div ref={rootRef} className="desktop:mr-2 desktop:w-full desktop:max-w-md">
      {/* Before hydration the icon is a link to the form, which CSS shows as the :target. */}
      {isHydrated ? (
        <button
          ref={toggleRef}
          type="button"
          aria-label="Search"
          aria-expanded={isBarOpen}
          aria-controls={formId}
          onClick={() => (isBarOpen ? closeBar() : setBarOpen(true))}
          className={`${HEADER_ICON} desktop:hidden ${isBarOpen ? 'bg-black/5' : ''}`}
        >
          <Icon name="search" size={22} />
        </button>
      ) : (
        <a href={`#${formId}`} aria-label="Search" className={`${HEADER_ICON} desktop:hidden`}>
          <Icon name="search" size={22} />
        </a>
      )}

      <form
        id={formId}
        role="search"
        action={href('/products')}
        method="get"
        onSubmit={handleSubmit}
        onBlur={handleBlur}
        className={`${isBarOpen ? 'block' : 'hidden target:block'} absolute inset-x-0 top-full border-b border-black/10 bg-paper px-3 py-2 shadow-md desktop:relative desktop:inset-auto desktop:block desktop:border-0 desktop:bg-transparent desktop:p-0 desktop:shadow-none`}
      >
        <label htmlFor={inputId} className="sr-only">
          Search products
        </label>
        <div className="relative">
          <Icon
            name="search"
            size={18}
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
          />
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            name="search"
            value={text}
            onChange={(event) => handleChange(event.target.value)}
            onKeyDown={handleKeyDown}
            onFocus={() => setListOpen(answer !== null)}
            placeholder="Search tees, jackets, hoodies…"
            autoComplete="off"
            enterKeyHint="search"
            className="h-11 w-full rounded-full border border-black/20 bg-white pr-4 pl-10 text-base placeholder:text-muted focus:border-ink focus:outline-2 focus:outline-offset-1 focus:outline-ink desktop:h-10 desktop:text-sm"
            {...comboboxProps}
          />
        </div>

        <ul
          id={listId}
          role="listbox"
          aria-label="Search suggestions"
          hidden={!isExpanded}
          // Keeps the focus in the field while an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
          className={`${POPUP} max-h-[70vh] overflow-y-auto py-1`}
        >
          {results.map((result, index) => (
            <SuggestionOption
              key={result.id}
              id={optionId(index)}
              result={result}
              isActive={index === activeIndex}
              onPoint={() => setActiveIndex(index)}
              onChoose={() => go(productPath(result.id))}
            />
          ))}
        </ul>
        {/* Announces the suggestions to screen readers; shown when nothing matches. */}
        <p role="status" className={isNoMatchShown ? `${POPUP} px-4 py-3 text-sm` : 'sr-only'}>
          {isExpanded
            ? `${results.length} ${results.length === 1 ? 'suggestion' : 'suggestions'}`
            : isNoMatchShown
              ? `No products match “${answer.query}”`
              : ''}
        </p>
      </form>
    </div>
  );
}

const POPUP =
  'absolute inset-x-3 top-full z-50 mt-1 rounded-lg border border-black/10 bg-white shadow-lg desktop:inset-x-0';

function SuggestionOption({
  id,
  result,
  isActive,
  onPoint,
  onChoose,
}: {
  id: string;
  result: SearchResult;
  isActive: boolean;
  onPoint: () => void;
  onChoose: () => void;
}) {
  return (
    // The field owns the keyboard (aria-activedescendant): options only take clicks.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li
      id={id}
      role="option"
      aria-selected={isActive}
      onClick={onChoose}
      onMouseMove={onPoint}
      className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${isActive ? 'bg-black/5' : ''}`}
    >
      {result.image ? (
        <ResponsiveImage
          base={result.image}
          alt=""
          sizes="40px"
          width={40}
          height={50}
          className="h-[50px] w-10 shrink-0 rounded bg-black/5 object-cover"
        />
      ) : (
        <span className="h-[50px] w-10 shrink-0 rounded bg-black/5" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">{result.name}</span>
        <span className="block text-xs text-muted">
          {result.price} · {result.availability}
        </span>
      </span>
    </li>
  );
}
