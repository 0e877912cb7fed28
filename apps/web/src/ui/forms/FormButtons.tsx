import { LoadingOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { MouseEvent, ReactNode } from 'react';

interface FormButtonsProps {
  cancel: string;
  submit: string;
  onCancel: () => void;
  busy: boolean;
  /** Shown at the left end of the row (Edit User's Reset password). */
  extra?: ReactNode;
}

/**
 * The submit button. While the call runs a spinner takes the label's place instead of pushing it
 * aside (antd's `loading` adds an icon and widens the button): the button keeps its size and
 * place under the pointer (issue 26 item 6). A press while busy does nothing, as with `loading`.
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const ignoreWhileBusy = (event: MouseEvent) => {
    if (busy) event.preventDefault();
  };
  return (
    <Button
      type="primary"
      htmlType="submit"
      className="steady-button"
      data-busy={busy}
      aria-busy={busy}
      onClick={ignoreWhileBusy}
      data-testid="submit"
    >
      <span className="steady-button-label">{children}</span>
      {busy && (
        <span className="steady-button-spinner" aria-hidden>
          <LoadingOutlined />
        </span>
      )}
    </Button>
  );
}

/** The end of a form: Cancel (or Back) and the submit button, right-aligned. */
export function FormButtons({ cancel, submit, onCancel, busy, extra }: FormButtonsProps) {
  return (
    <div className={extra ? 'form-buttons form-buttons-split' : 'form-buttons'}>
      {extra}
      <Space>
        <Button onClick={onCancel}>{cancel}</Button>
        <SubmitButton busy={busy}>{submit}</SubmitButton>
      </Space>
    </div>
  );
}
