import type { RoleValue } from '@jejak/domain';
import { useQuery } from '@tanstack/react-query';
import { Tooltip, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { accountKeys, fetchUserDetail } from '../../api/accounts/accounts.ts';
import { useSessionUser } from '../../store/session.ts';
import { useUserChildren } from '../account/use-user-children.ts';
import { userTreeData } from '../account/user-tree.ts';
import { pathToOpen, targetUserTree } from './target-users.ts';
import { useRoleText } from '../../i18n/strings.ts';

interface TargetUserSelectProps {
  id: string;
  /** Roles that may hold what the form registers; other users show disabled. */
  allowed: readonly RoleValue[];
  value?: string | null;
  onChange?: (uid: string) => void;
  disabled?: boolean;
  /** Why a user is greyed out (the spec's rule), shown on the disabled choice. */
  disabledReason?: string;
}

/**
 * The target user of a vehicle or device (spec 2 §5): the hierarchy below the signed-in user,
 * by name as each level loads, with the users who may not hold it disabled and, given one, the
 * spec's reason on them (issue 26 item 4). A preset target deep in the tree has its ancestors
 * opened so it shows by name.
 */
export function TargetUserSelect({ id, allowed, value, onChange, disabled, disabledReason }: TargetUserSelectProps) {
  const roleName = useRoleText();
  const me = useSessionUser();
  const { childrenOf, open } = useUserChildren(me.uid);
  const target = useQuery({
    queryKey: accountKeys.detail(value ?? ''),
    queryFn: () => fetchUserDetail(value ?? ''),
    enabled: Boolean(value) && value !== me.uid,
  });
  const targetHierarchy = target.data?.userHierarchy;
  useEffect(() => {
    if (targetHierarchy) for (const uid of pathToOpen(me.userHierarchy, targetHierarchy)) void open(uid);
  }, [me.userHierarchy, targetHierarchy, open]);

  const tree = targetUserTree(
    userTreeData(me, childrenOf, (u) => `${u.userName} (${roleName(u.userRole)})`),
    allowed,
  );
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(uid: string) => onChange?.(uid)}
      treeData={tree}
      loadData={(node) => open(String(node.value))}
      treeDefaultExpandedKeys={[me.uid]}
      showSearch
      treeNodeFilterProp="title"
      disabled={disabled}
      treeTitleRender={(node: { title?: ReactNode; disabled?: boolean }) =>
        node.disabled && disabledReason ? (
          <Tooltip title={disabledReason} placement="right">
            <span className="target-user-disabled" title={disabledReason}>
              {node.title}
            </span>
          </Tooltip>
        ) : (
          node.title
        )
      }
    />
  );
}
