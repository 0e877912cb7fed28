import { ACCOUNT_TEXTS, AddUserRequestSchema, validationMessage, type AddUserRequest } from '@jejak/contract';
import { creatableRoles, mayParent, type RoleValue } from '@jejak/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { accountKeys, addUser, fetchRelations } from '../../api/accounts/accounts.ts';
import { serverTextOr } from '../../api/error-text.ts';
import { useSessionUser } from '../../store/session.ts';
import { useRoleText, useStrings } from '../../i18n/strings.ts';
import { ContactField } from '../../ui/account/ContactField.tsx';
import { PasswordFields } from '../../ui/account/PasswordFields.tsx';
import { RelationSelects } from '../../ui/account/RelationSelects.tsx';
import { applyRelations } from '../../ui/account/relations.ts';
import { useUserChildren } from '../../ui/account/use-user-children.ts';
import {
  contactOf,
  DEFAULT_PREFIX,
  emptyUserFields,
  newUserProblem,
  USER_FIELD_ERRORS,
  type NewUserFormValues,
} from '../../ui/account/user-form.ts';
import { userTreeData, type TreeUser, type UserTreeNode } from '../../ui/account/user-tree.ts';
import { useGoBack } from '../../ui/go-back.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { FormButtons } from '../../ui/forms/FormButtons.tsx';
import { useFieldErrors } from '../../ui/forms/use-field-errors.ts';
import { AddressField, NameEmailFields } from '../../ui/account/UserFields.tsx';

/** Creators who add users under themselves and may hand over their groups and templates (spec 1 §2). */
const FLEET_CREATORS: readonly RoleValue[] = ['fleetOwner', 'fleetOperator'];

function findUser(nodes: readonly UserTreeNode<string>[], uid: string | undefined): TreeUser | null {
  for (const node of nodes) {
    if (node.key === uid) return node.user;
    const inside = findUser(node.children ?? [], uid);
    if (inside) return inside;
  }
  return null;
}

/**
 * /UserManagement/Add (spec 1 §2, §4, §5): a new user under the Assigned User (fleet owners and
 * operators add under themselves), with the roles the creator may give. A fleet owner's picked
 * groups and templates are handed over once the user exists.
 */
export function AddUserScreen() {
  const roleName = useRoleText();
  const me = useSessionUser();
  const strings = useStrings();
  const f = strings.userForm;
  const queryClient = useQueryClient();
  const goBack = useGoBack('/UserManagement');
  const [form] = Form.useForm<NewUserFormValues>();
  const errors = useFieldErrors(form, USER_FIELD_ERRORS);
  const fleetCreator = FLEET_CREATORS.includes(me.userRole);
  const roles = creatableRoles(me.userRole);
  const { childrenOf, open } = useUserChildren(me.uid);
  const [parentUid, setParentUid] = useState<string>(me.uid);
  const tree = userTreeData(
    me,
    childrenOf,
    (u) => `${u.userName} (${roleName(u.userRole)})`,
    (u) => u.userRole !== 'fleetOperator',
  );
  // Fleet owners and operators add under themselves (no Assigned User field).
  const parent: TreeUser | null = fleetCreator ? me : findUser(tree, parentUid);
  const relations = useQuery({
    queryKey: accountKeys.relations(me.uid),
    queryFn: () => fetchRelations(me.uid),
    enabled: fleetCreator,
  });

  const create = useMutation({
    mutationFn: async ({ request, values }: { request: AddUserRequest; values: NewUserFormValues }) => {
      const uid = await addUser(request);
      showToast('success', ACCOUNT_TEXTS.createUserSuccess);
      const ids = { vgids: values.vgids ?? [], gtids: values.gtids ?? [], rtids: values.rtids ?? [] };
      if (fleetCreator && ids.vgids.length + ids.gtids.length + ids.rtids.length > 0) {
        await applyRelations('add', {
          srcUser: { uid: me.uid, userRole: me.userRole },
          destUser: { uid, userRole: request.newUser.userRole },
          ids,
        });
      }
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      goBack();
    },
    onError: (error) => errors.fail(serverTextOr(error, ACCOUNT_TEXTS.createUserError)),
  });

  const submit = (values: NewUserFormValues) => {
    const problem = newUserProblem({ ...values, parentUid: parent?.uid });
    if (problem || !parent) {
      const text = problem ?? ACCOUNT_TEXTS.fieldsEmpty;
      return errors.fail(text, text, text === ACCOUNT_TEXTS.fieldsEmpty ? emptyUserFields(values, true) : undefined);
    }
    const request = {
      currentUser: { uid: parent.uid, userHierarchy: parent.userHierarchy },
      newUser: {
        userName: values.userName?.trim(),
        userRole: values.userRole,
        userEmail: values.userEmail?.trim(),
        userAddress: values.userAddress?.trim(),
        userPassword: values.password,
        userContact: contactOf(values.prefix, values.contactNumber),
      },
    };
    const checked = AddUserRequestSchema.safeParse(request);
    if (!checked.success) return errors.fail(validationMessage(checked.error));
    create.mutate({ request: checked.data, values });
  };

  return (
    <div className="screen-padded">
      <Card className="form-card" title={f.addTitle} data-testid="add-user-form">
        <Form<NewUserFormValues>
          form={form}
          layout="vertical"
          initialValues={{ prefix: DEFAULT_PREFIX, ...(roles.length === 1 ? { userRole: roles[0] } : {}) }}
          onFinish={submit}
          onValuesChange={errors.onValuesChange}
        >
          <NameEmailFields emailLabel={f.email} />
          <PasswordFields passwordLabel={f.password} confirmLabel={f.confirmPassword} matchLabel={f.passwordsMatch} />
          {!fleetCreator && (
            <Form.Item label={f.assignedUser} required>
              <TreeSelect
                id="assignedUser"
                value={parentUid}
                onChange={(uid: string) => setParentUid(uid)}
                treeData={tree}
                loadData={(node) => open(String(node.value))}
                treeDefaultExpandedKeys={[me.uid]}
              />
            </Form.Item>
          )}
          <Form.Item label={f.userRole} name="userRole" required>
            <Select
              id="userRole"
              options={roles.map((role) => ({
                value: role,
                label: roleName(role),
                disabled: parent !== null && !mayParent(parent.userRole, role),
              }))}
            />
          </Form.Item>
          <ContactField />
          <AddressField />
          {fleetCreator && <RelationSelects relations={relations.data} loading={relations.isPending} vehicleGroups />}
          <FormButtons cancel={f.cancel} submit={f.add} onCancel={goBack} busy={create.isPending} />
        </Form>
      </Card>
    </div>
  );
}
