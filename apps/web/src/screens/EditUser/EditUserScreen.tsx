import {
  ACCOUNT_TEXTS,
  MESSAGES,
  UpdateUserRequestSchema,
  validationMessage,
  type UpdateUserRequest,
  type UserDetail,
} from '@jejak/contract';
import { MailOutlined } from '@ant-design/icons';
import { EDIT_ROLE_OPTIONS, mayParent, type RoleValue } from '@jejak/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Select, Spin, Typography } from 'antd';
import { Navigate } from 'react-router';
import { accountKeys, requestPasswordReset, updateUser } from '../../api/accounts/accounts.ts';
import { serverTextOr } from '../../api/error-text.ts';
import { useSessionUser, useSignOut } from '../../store/session.ts';
import { useRoleText, useSpecText, useStrings } from '../../i18n/strings.ts';
import { ContactField } from '../../ui/account/ContactField.tsx';
import { useTargetUser } from '../../ui/account/use-target-user.ts';
import {
  contactFields,
  contactOf,
  editUserProblem,
  emptyUserFields,
  USER_FIELD_ERRORS,
  type UserFormValues,
} from '../../ui/account/user-form.ts';
import { useGoBack } from '../../ui/go-back.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { FormButtons } from '../../ui/forms/FormButtons.tsx';
import { useFieldErrors } from '../../ui/forms/use-field-errors.ts';
import { AddressField, NameEmailFields } from '../../ui/account/UserFields.tsx';

/** Editors who never see the role field (spec 1 §2). */
const ROLE_HIDDEN_FOR: readonly RoleValue[] = ['fleetOwner', 'fleetOperator'];

function EditUserForm({ user }: { user: UserDetail }) {
  const roleName = useRoleText();
  const spec = useSpecText();
  const me = useSessionUser();
  const strings = useStrings();
  const f = strings.userForm;
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const goBack = useGoBack('/UserManagement');
  const isSelf = user.uid === me.uid;
  const roleShown = !ROLE_HIDDEN_FOR.includes(me.userRole);
  const roleOptions = EDIT_ROLE_OPTIONS.includes(user.userRole)
    ? EDIT_ROLE_OPTIONS
    : [user.userRole, ...EDIT_ROLE_OPTIONS];
  const [form] = Form.useForm<UserFormValues>();
  const errors = useFieldErrors(form, USER_FIELD_ERRORS);

  const save = useMutation({
    mutationFn: updateUser,
    onSuccess: async () => {
      showToast('success', ACCOUNT_TEXTS.editUserSuccess);
      // Editing oneself ends the session (spec 1 §4).
      if (isSelf) return signOut();
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      goBack();
    },
    onError: (error) => errors.fail(serverTextOr(error, ACCOUNT_TEXTS.editUserError)),
  });
  const reset = useMutation({
    mutationFn: () => requestPasswordReset(user.uid),
    onSuccess: (answer) => showToast('success', answer.message ?? ACCOUNT_TEXTS.resetLinkSent),
    onError: (error) => showToast('error', serverTextOr(error, MESSAGES.internal)),
  });

  const submit = (values: UserFormValues) => {
    // Without the role field the form has no role value: the user keeps its own.
    const userRole = roleShown ? values.userRole : user.userRole;
    const problem = editUserProblem({ ...values, userRole });
    if (problem) return errors.fail(problem, problem, emptyUserFields({ ...values, userRole }, false));
    const request: UpdateUserRequest = {
      user: {
        uid: user.uid,
        userHierarchy: user.userHierarchy,
        userName: values.userName?.trim() ?? '',
        userEmail: values.userEmail?.trim() ?? '',
        userRole: userRole ?? user.userRole,
        userContact: contactOf(values.prefix, values.contactNumber),
        userAddress: values.userAddress?.trim() ?? '',
      },
    };
    const checked = UpdateUserRequestSchema.safeParse(request);
    if (!checked.success) return errors.fail(validationMessage(checked.error));
    save.mutate(checked.data);
  };

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      onValuesChange={errors.onValuesChange}
      initialValues={{
        userName: user.userName,
        userEmail: user.userEmail,
        userRole: user.userRole,
        userAddress: user.userAddress,
        ...contactFields(user.userContact),
      }}
      onFinish={submit}
    >
      {isSelf && (
        <Typography.Paragraph type="danger" className="self-edit-notice" data-testid="self-edit-notice">
          {spec(ACCOUNT_TEXTS.selfEditNotice)}
        </Typography.Paragraph>
      )}
      <NameEmailFields emailLabel={f.editEmail} />
      {roleShown && (
        <Form.Item label={f.userRole} name="userRole" required>
          <Select
            id="userRole"
            disabled={isSelf}
            // A role that does not fit under the user's parent is shown but not offered (the
            // server also checks the children and the fleet the user holds).
            options={roleOptions.map((role) => ({
              value: role,
              label: roleName(role),
              disabled: user.parent !== null && !mayParent(user.parent.userRole, role),
            }))}
          />
        </Form.Item>
      )}
      <ContactField />
      <AddressField />
      <FormButtons
        cancel={f.cancel}
        submit={f.save}
        onCancel={goBack}
        busy={save.isPending}
        extra={
          <Button
            icon={<MailOutlined />}
            loading={reset.isPending}
            onClick={() => reset.mutate()}
            data-testid="reset-password"
          >
            {f.resetPassword}
          </Button>
        }
      />
    </Form>
  );
}

/** /UserManagement/Edit (spec 1 §2): the user from the navigation state ({uid}). */
export function EditUserScreen() {
  const strings = useStrings();
  const target = useTargetUser();
  if (target.uid === null || target.failed) return <Navigate to="/UserManagement" replace />;
  return (
    <div className="screen-padded">
      <Card className="form-card" title={strings.userForm.editTitle} data-testid="edit-user-form">
        {target.user ? <EditUserForm key={target.user.uid} user={target.user} /> : <Spin />}
      </Card>
    </div>
  );
}
