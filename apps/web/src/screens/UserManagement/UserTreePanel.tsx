import { useQuery } from '@tanstack/react-query';
import { Empty, Input, List, Spin, Tree } from 'antd';
import { useEffect, useState, type Key } from 'react';
import { accountKeys, searchUsers } from '../../api/accounts/accounts.ts';
import { useSessionUser } from '../../store/session.ts';
import { useRoleText, useStrings } from '../../i18n/strings.ts';
import { useUserChildren } from '../../ui/account/use-user-children.ts';
import { userTreeData, type TreeUser } from '../../ui/account/user-tree.ts';

const SEARCH_DELAY_MS = 300;

function UserTitle({ user }: { user: TreeUser }) {
  const roleName = useRoleText();
  return (
    <span className="user-tree-title" title={user.userEmail}>
      <span className="user-tree-name">{user.userName}</span>
      <span className="user-tree-role">{roleName(user.userRole)}</span>
    </span>
  );
}

/** The value after the user stopped typing for a moment. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

interface UserTreePanelProps {
  selectedUid: string | null;
  onSelect: (uid: string) => void;
}

/**
 * The hierarchy in the screen's sidebar (spec 1 §2): the signed-in user at the root, children
 * loaded when a user is opened, and a search over the whole subtree by name or e-mail.
 */
export function UserTreePanel({ selectedUid, onSelect }: UserTreePanelProps) {
  const me = useSessionUser();
  const strings = useStrings();
  const { childrenOf, open } = useUserChildren(me.uid);
  const [typed, setTyped] = useState('');
  const query = useSettled(typed.trim());
  const found = useQuery({
    queryKey: accountKeys.search(query),
    queryFn: () => searchUsers(query),
    enabled: query.length > 0,
  });
  const [expanded, setExpanded] = useState<Key[]>([me.uid]);

  return (
    <div className="user-tree-panel" data-testid="user-tree">
      <Input.Search
        allowClear
        placeholder={strings.users.search}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        aria-label={strings.users.search}
      />
      <div className="user-tree-body">
        {query.length > 0 ? (
          <Spin spinning={found.isFetching}>
            <List
              size="small"
              dataSource={found.data ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={strings.users.noMatch} /> }}
              renderItem={(user) => (
                <List.Item
                  className={user.uid === selectedUid ? 'user-search-hit selected' : 'user-search-hit'}
                  onClick={() => onSelect(user.uid)}
                >
                  <List.Item.Meta title={<UserTitle user={user} />} description={user.userEmail} />
                </List.Item>
              )}
            />
          </Spin>
        ) : (
          <Tree
            blockNode
            treeData={userTreeData(me, childrenOf, (user) => (
              <UserTitle user={user} />
            ))}
            loadData={(node) => open(node.key)}
            expandedKeys={expanded}
            onExpand={setExpanded}
            selectedKeys={selectedUid ? [selectedUid] : []}
            onSelect={(keys) => {
              const [key] = keys;
              if (typeof key === 'string') onSelect(key);
            }}
          />
        )}
      </div>
    </div>
  );
}
