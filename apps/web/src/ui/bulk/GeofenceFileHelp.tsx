import { Collapse, Typography } from 'antd';
import { useStrings } from '../../i18n/strings.ts';

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
                {s.csvColumns.map(([column, what]) => (
                  <div key={column}>
                    <dt>{column}</dt>
                    <dd>{what}</dd>
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
