import { Button, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { useStrings } from '../i18n/strings.ts';

interface EmptyStateProps {
  /** What is (not) there and what to do next: 'No vehicles yet. Add one with Add New Vehicle.' */
  text: string;
  /** The next step as a button: its label and where it leads (with the navigation state it needs). */
  action?: { label: string; to: string; state?: unknown };
  testId?: string;
}

/**
 * An empty list (issue 26 item 6): a short text saying what to do next, and a button to it where
 * one makes sense. Tables take it as `locale={{ emptyText: <EmptyState … /> }}`; any other
 * antd list gets the generic text through the ConfigProvider's renderEmpty (AppProviders).
 */
export function EmptyState({ text, action, testId = 'empty-state' }: EmptyStateProps) {
  return (
    <Empty
      className="empty-state"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid={testId}
      description={<span className="empty-state-text">{text}</span>}
    >
      {action && <NextStep {...action} />}
    </Empty>
  );
}

function NextStep({ label, to, state }: NonNullable<EmptyStateProps['action']>) {
  const navigate = useNavigate();
  return (
    <Button type="primary" size="small" onClick={() => void navigate(to, { state })}>
      {label}
    </Button>
  );
}

/** The ConfigProvider's renderEmpty: tables and lists without their own text say this much. */
export function GenericEmpty() {
  const empty = useStrings().empty;
  return <EmptyState text={empty.generic} />;
}
