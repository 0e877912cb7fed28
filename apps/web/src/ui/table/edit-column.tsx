import { EditOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';

interface EditColumn<Row> {
  title: string;
  /** 'Edit', followed in each button's label by the row's name. */
  edit: string;
  name: (row: Row) => string;
  /** The row's id, in the button's test id. */
  id: (row: Row) => string;
  onEdit: (row: Row) => void;
}

/** The Action column: each row's Edit button, pinned right. */
export function editColumn<Row>({ title, edit, name, id, onEdit }: EditColumn<Row>): TableColumnsType<Row>[number] {
  return {
    title,
    key: 'action',
    fixed: 'right',
    render: (_, row) => (
      <Button
        size="small"
        icon={<EditOutlined />}
        aria-label={`${edit} ${name(row)}`}
        data-testid={`edit-${id(row)}`}
        onClick={() => onEdit(row)}
      />
    ),
  };
}
