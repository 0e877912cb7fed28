import { Alert, Space, Tag, Typography } from 'antd';
import { useStrings } from '../../../i18n/strings.ts';
import type { TemplateCoverage } from './coverage.ts';

/** Under a template: the vehicles and whole groups it watches, or a warning that it watches none. */
export function CoverageList({ rtid, coverage }: { rtid: string; coverage: TemplateCoverage }) {
  const s = useStrings().onboarding.coverage;
  return (
    <div className="rule-coverage" data-testid={`coverage-${rtid}`}>
      {coverage.none ? (
        <Alert
          type="warning"
          showIcon
          data-testid={`coverage-none-${rtid}`}
          title={s.noneWarning}
          description={s.noneHint}
        />
      ) : (
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>{s.watches(coverage.vehicles.length, coverage.total)}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{s.groups}: </Typography.Text>
            {coverage.groups.length === 0 ? (
              <Typography.Text type="secondary">{s.noVehicles}</Typography.Text>
            ) : (
              coverage.groups.map((g) => (
                <Tag key={g.vgid} color="blue">
                  {g.groupName}
                </Tag>
              ))
            )}
          </div>
          <div data-testid={`coverage-vehicles-${rtid}`}>
            <Typography.Text type="secondary">{s.vehicles}: </Typography.Text>
            {coverage.vehicles.map((v) => (
              <Tag key={v.vid}>{`${v.vehicleDisplayName} (${v.vehiclePlate})`}</Tag>
            ))}
          </div>
        </Space>
      )}
    </div>
  );
}
