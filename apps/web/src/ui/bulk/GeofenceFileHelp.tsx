import { geofenceColumns } from '@jejak/contract';
import { Collapse, Typography } from 'antd';
import { useStrings } from '../../i18n/strings.ts';

/** The template's columns, as a CSV's header names them (they stay English in every language). */
const COLUMNS = geofenceColumns({ geofenceNames: [], templates: [] });

/** What the bulk geofence dialog reads from each kind of file, the CSV columns among them. */
export function GeofenceFileHelp() {
  const s = useStrings().geofenceImport;
  return (
    <Collapse
      size="small"
      data-testid="bulk-formats"
      items={[
        {
          key: 'formats',
          label: s.formats.title,
          children: (
            <div className="bulk-formats">
              <Typography.Paragraph>{s.formats.kml}</Typography.Paragraph>
              <Typography.Paragraph>{s.formats.geojson}</Typography.Paragraph>
              <Typography.Paragraph>{s.formats.csv}</Typography.Paragraph>
              <dl className="bulk-csv-columns" data-testid="bulk-csv-columns">
                {COLUMNS.map((column) => (
                  <div key={column.key}>
                    <dt>{column.label}</dt>
                    <dd>{s.csvColumns[column.key]}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ),
        },
      ]}
    />
  );
}
