import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space, type TableColumnType } from 'antd';
import { containsText } from './table.ts';

interface SearchLabels {
  search: string;
  reset: string;
}

/** A column searchable from its header: a text box whose value filters the rows by `text(row)`. */
export function searchableColumn<T>(text: (row: T) => string, labels: SearchLabels): TableColumnType<T> {
  return {
    filterIcon: (filtered: boolean) => <SearchOutlined className={filtered ? 'column-search-on' : undefined} />,
    onFilter: (value, row) => containsText(text(row), String(value)),
    filterDropdown: ({ selectedKeys, setSelectedKeys, confirm, clearFilters }) => (
      <div className="column-search" onKeyDown={(event) => event.stopPropagation()}>
        <Input
          autoFocus
          placeholder={labels.search}
          value={String(selectedKeys[0] ?? '')}
          onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
          onPressEnter={() => confirm()}
        />
        <Space>
          <Button type="primary" size="small" icon={<SearchOutlined />} onClick={() => confirm()}>
            {labels.search}
          </Button>
          <Button
            size="small"
            onClick={() => {
              clearFilters?.();
              confirm();
            }}
          >
            {labels.reset}
          </Button>
        </Space>
      </div>
    ),
  };
}
