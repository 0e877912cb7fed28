import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useLocation } from 'react-router';
import { useStrings } from '../../i18n/strings.ts';

/** Stands in for a listed route whose screen is not built yet. */
export function ComingSoonScreen() {
  const strings = useStrings();
  const { pathname } = useLocation();
  return (
    <div className="screen-padded">
      <Card className="coming-soon" data-testid="coming-soon">
        <ClockCircleOutlined className="coming-soon-icon" />
        <Typography.Title level={4}>{strings.screens.comingSoon}</Typography.Title>
        <Typography.Text type="secondary">{decodeURIComponent(pathname)}</Typography.Text>
      </Card>
    </div>
  );
}
