import { CONTACT_PREFIXES } from '@jejak/domain';
import { Form, Input, Select, Space } from 'antd';
import { useStrings } from '../../i18n/strings.ts';

const PREFIX_STYLE = { width: 96, flex: 'none' } as const;
const PREFIX_OPTIONS = CONTACT_PREFIXES.map((prefix) => ({ value: prefix, label: prefix }));

/** Contact Number: the prefix select (+60 is the only one, spec 1 §9) and the number. */
export function ContactField() {
  const strings = useStrings();
  return (
    <Form.Item label={strings.userForm.contact} htmlFor="contactNumber" required>
      <Space.Compact block>
        <Form.Item name="prefix" noStyle>
          <Select options={PREFIX_OPTIONS} aria-label={strings.userForm.prefix} style={PREFIX_STYLE} />
        </Form.Item>
        <Form.Item name="contactNumber" noStyle>
          <Input id="contactNumber" inputMode="tel" autoComplete="tel-national" />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
