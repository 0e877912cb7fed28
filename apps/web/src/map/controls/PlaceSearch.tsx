import { SearchOutlined } from '@ant-design/icons';
import { PLACE_QUERY_MAX, PLACE_QUERY_MIN, PLACE_QUERY_PATTERN, type PlaceResult } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Spin } from 'antd';
import type { Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { searchPlaces } from '../../api/map/places.ts';
import { useStrings } from '../../i18n/strings.ts';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { isMapRemoved, useMap } from '../map-context.ts';
import { maplibregl } from '../maplibre.ts';
import './place-search.css';

/** Typing pauses this long before a search is asked. */
const DEBOUNCE_MS = 300;
/** A town is seen whole at this zoom; a street answer is a point on it. */
const TOWN_ZOOM = 13;
const STREET_ZOOM = 16;

type QueryState = 'empty' | 'short' | 'bad' | 'ok';

function queryState(q: string): QueryState {
  if (q === '') return 'empty';
  if (q.length < PLACE_QUERY_MIN) return 'short';
  return q.length <= PLACE_QUERY_MAX && PLACE_QUERY_PATTERN.test(q) ? 'ok' : 'bad';
}

const labelOf = (p: PlaceResult) => (p.region ? `${p.name}, ${p.region}` : p.name);

/**
 * A search box on the map (issue 26 item 8): towns of the bundled gazetteer and, when the server
 * has a street geocoder, its answers. Typing is debounced; arrow keys move through the answers,
 * Enter chooses one and Escape closes them. The map flies to the chosen place and marks it.
 */
export function PlaceSearch() {
  const map = useMap();
  const s = useStrings().places;
  const [text, setText] = useState('');
  const typed = text.trim();
  const q = useDebouncedValue(typed, DEBOUNCE_MS);
  const state = queryState(typed);
  const result = useQuery({
    queryKey: ['place-search', q],
    queryFn: () => searchPlaces({ q }),
    enabled: queryState(q) === 'ok',
    staleTime: 5 * 60_000,
    retry: false,
  });
  const marker = useRef<Marker | null>(null);
  useEffect(
    () => () => {
      if (!isMapRemoved(map)) marker.current?.remove();
    },
    [map],
  );

  const settled = q === typed && !result.isFetching;
  const places = settled && state === 'ok' ? (result.data?.places ?? []) : [];
  const seen = new Set<string>();
  const options = places.flatMap((p) => {
    const value = labelOf(p);
    if (seen.has(value)) return [];
    seen.add(value);
    return [
      {
        value,
        place: p,
        label: (
          <span className="place-search-option" data-testid="place-search-option">
            <span className="place-search-name">{p.name}</span>
            <span className="place-search-region">{p.source === 'geocoder' ? s.street : p.region}</span>
          </span>
        ),
      },
    ];
  });
  const notFound =
    state === 'empty' ? null : state === 'short' ? (
      s.tooShort
    ) : state === 'bad' ? (
      s.badCharacters
    ) : !settled ? (
      <span>
        <Spin size="small" /> {s.searching}
      </span>
    ) : result.isError ? (
      s.failed
    ) : (
      <span data-testid="place-search-none">{s.noPlace}</span>
    );

  const choose = (p: PlaceResult) => {
    map.flyTo({ center: [p.lon, p.lat], zoom: p.source === 'geocoder' ? STREET_ZOOM : TOWN_ZOOM });
    marker.current?.remove();
    marker.current = new maplibregl.Marker({ color: '#1668dc', className: 'place-search-marker' })
      .setLngLat([p.lon, p.lat])
      .addTo(map);
  };

  return (
    <div className="place-search" data-testid="place-search">
      <AutoComplete
        value={text}
        options={options}
        onChange={(v: string) => setText(v)}
        onSelect={(_: string, option: { place: PlaceResult }) => choose(option.place)}
        notFoundContent={notFound}
        popupMatchSelectWidth={false}
        classNames={{ popup: { root: 'place-search-popup' } }}
        style={{ width: '100%' }}
      >
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={s.placeholder}
          aria-label={s.label}
          maxLength={PLACE_QUERY_MAX}
          data-testid="place-search-input"
        />
      </AutoComplete>
    </div>
  );
}
