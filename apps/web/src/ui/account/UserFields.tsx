import { Form, Input } from 'antd';
import { useStrings } from '../../i18n/strings.ts';

/** User Name and the e-mail (labelled 'Email address' on Add New User, 'Email' on the edit forms). */
export function NameEmailFields({ emailLabel }: { emailLabel: string }) {
  const f = useStrings().userForm;
  return (
    <>
      <Form.Item label={f.userName} name="userName" required>
        <Input id="userName" autoComplete="off" />
      </Form.Item>
      <Form.Item label={emailLabel} name="userEmail" required>
        <Input id="userEmail" inputMode="email" autoComplete="off" />
      </Form.Item>
    </>
  );
}

export function AddressField() {
  const f = useStrings().userForm;
  return (
    <Form.Item label={f.address} name="userAddress" required>
      <Input.TextArea id="userAddress" autoSize={{ minRows: 2, maxRows: 4 }} />
    </Form.Item>
  );
}
