import { TreeSelect } from 'antd';
import { useSessionUser } from '../../store/session.ts';
import { useUserChildren } from '../../ui/account/use-user-children.ts';
import { userTreeData } from '../../ui/account/user-tree.ts';
import { useRoleText } from '../../i18n/strings.ts';

interface PushUserSelectProps {
  id: string;
  value?: string;
  onChange?: (uid: string) => void;
  /** The chosen user's name, for the recipient's name. */
  onName: (name: string) => void;
  /** The recipient's stored name, shown while the tree has not loaded that user. */
  name?: string;
}

/** A push recipient: a user of the caller's hierarchy (itself or below), by name as each level loads. */
export function PushUserSelect({ id, value, onChange, onName, name }: PushUserSelectProps) {
  const roleName = useRoleText();
  const me = useSessionUser();
  const { childrenOf, open } = useUserChildren(me.uid);
  const names = new Map<string, string>([[me.uid, me.userName]]);
  for (const children of childrenOf.values()) for (const c of children) names.set(c.uid, c.userName);
  const tree = userTreeData(me, childrenOf, (u) => `${u.userName} (${roleName(u.userRole)})`);
  return (
    <TreeSelect
      id={id}
      className="recipient-user"
      value={value}
      // A stored recipient deep in the tree shows by its saved name until its level is opened.
      treeData={
        value && !names.has(value) ? [...tree, { key: value, value, title: name ?? value, isLeaf: true }] : tree
      }
      onChange={(uid: string) => {
        onChange?.(uid);
        onName(names.get(uid) ?? '');
      }}
      loadData={(node) => open(String(node.value))}
      treeDefaultExpandedKeys={[me.uid]}
      showSearch
      treeNodeFilterProp="title"
    />
  );
}
