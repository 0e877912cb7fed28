import {
  ACCOUNT_TEXTS,
  ConfigureUserRequestSchema,
  validationMessage,
  type ConfigureUserRequest,
  type UserDetail,
  type UserRelationsResponse,
} from '@jejak/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Form, Input, Select, Spin, Tag, Typography } from 'antd';
import { Navigate } from 'react-router';
import { accountKeys, configureUser, fetchRelations } from '../../api/accounts/accounts.ts';
import { serverTextOr } from '../../api/error-text.ts';
import { useSessionUser } from '../../store/session.ts';
import { useRoleText, useSpecText, useStrings } from '../../i18n/strings.ts';
import { ContactField } from '../../ui/account/ContactField.tsx';
import { RelationSelects } from '../../ui/account/RelationSelects.tsx';
import { applyRelations } from '../../ui/account/relations.ts';
import { useTargetUser } from '../../ui/account/use-target-user.ts';
import {
  contactFields,
  contactOf,
  editUserProblem,
  type UserFormValues,
  emptyUserFields,
  USER_FIELD_ERRORS,
} from '../../ui/account/user-form.ts';
import { useGoBack } from '../../ui/go-back.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { FormButtons } from '../../ui/forms/FormButtons.tsx';
import { useFieldErrors } from '../../ui/forms/use-field-errors.ts';
import { AddressField, NameEmailFields } from '../../ui/account/UserFields.tsx';

interface ConfigureValues extends UserFormValues {
  vgid?: string;
  gtids?: string[];
  rtids?: string[];
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

interface ConfigureFormProps {
  user: UserDetail;
  /** The parent's groups and templates (null when the parent is out of the editor's reach). */
  parentRelations: UserRelationsResponse | null;
  /** The operator's own links, when the editor is its fleet owner and may change them. */
  operatorLinks: UserRelationsResponse['linked'] | null;
}

function ConfigureForm({ user, parentRelations, operatorLinks }: ConfigureFormProps) {
  const roleName = useRoleText();
  const me = useSessionUser();
  const strings = useStrings();
  const spec = useSpecText();
  const f = strings.userForm;
  const queryClient = useQueryClient();
  const goBack = useGoBack('/UserManagement');
  const [form] = Form.useForm<ConfigureValues>();
  const errors = useFieldErrors(form, USER_FIELD_ERRORS);
  const groups = parentRelations?.vehicleGroups ?? [];
  const pickedVgid = Form.useWatch('vgid', form);
  const picked = groups.find((g) => g.vgid === pickedVgid);
  const initialLinks = {
    gtids: operatorLinks?.gtids.filter((id) => parentRelations?.geofenceTemplates.some((t) => t.id === id)) ?? [],
    rtids: operatorLinks?.rtids.filter((id) => parentRelations?.ruleTemplates.some((t) => t.id === id)) ?? [],
  };

  const save = useMutation({
    mutationFn: async ({ request, values }: { request: ConfigureUserRequest; values: ConfigureValues }) => {
      await configureUser(request);
      showToast('success', ACCOUNT_TEXTS.configureUserSuccess);
      const gtids = values.gtids ?? [];
      const rtids = values.rtids ?? [];
      if (operatorLinks && (!sameSet(gtids, initialLinks.gtids) || !sameSet(rtids, initialLinks.rtids))) {
        const vgids = request.vgid
          ? [request.vgid]
          : operatorLinks.vgids.filter((id) => groups.some((g) => g.vgid === id));
        await applyRelations('update', {
          srcUser: { uid: me.uid, userRole: me.userRole },
          destUser: { uid: user.uid, userRole: user.userRole },
          ids: { vgids, gtids, rtids },
        });
      }
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      goBack();
    },
    onError: (error) => errors.fail(serverTextOr(error, ACCOUNT_TEXTS.configureUserError)),
  });

  const submit = (values: ConfigureValues) => {
    const problem = editUserProblem({ ...values, userRole: user.userRole });
    if (problem) return errors.fail(problem, problem, emptyUserFields({ ...values, userRole: user.userRole }, false));
    const request: ConfigureUserRequest = {
      user: {
        uid: user.uid,
        userName: values.userName?.trim() ?? '',
        userEmail: values.userEmail?.trim() ?? '',
        userRole: user.userRole,
        userContact: contactOf(values.prefix, values.contactNumber),
        userAddress: values.userAddress?.trim() ?? '',
      },
      vgid: values.vgid ?? null,
    };
    const checked = ConfigureUserRequestSchema.safeParse(request);
    if (!checked.success) return errors.fail(validationMessage(checked.error));
    save.mutate({ request: checked.data, values });
  };

  return (
    <Form<ConfigureValues>
      form={form}
      layout="vertical"
      initialValues={{
        userName: user.userName,
        userEmail: user.userEmail,
        userAddress: user.userAddress,
        ...contactFields(user.userContact),
        vgid: groups.find((g) => user.vehicleGroups.includes(g.vgid))?.vgid,
        ...initialLinks,
      }}
      onFinish={submit}
      onValuesChange={errors.onValuesChange}
    >
      <NameEmailFields emailLabel={f.editEmail} />
      <Form.Item label={f.userRole}>
        <Input id="userRole" value={roleName(user.userRole)} readOnly variant="filled" />
      </Form.Item>
      <ContactField />
      <AddressField />
      <Form.Item label={f.parent}>
        <Input
          id="parent"
          readOnly
          variant="filled"
          value={user.parent ? `${user.parent.userEmail} (${roleName(user.parent.userRole)})` : '-'}
        />
      </Form.Item>
      <Form.Item label={f.vehicleGroup} name="vgid" extra={spec(ACCOUNT_TEXTS.configureHelp)}>
        <Select
          id="vgid"
          allowClear
          disabled={parentRelations === null}
          options={groups.map((g) => ({ value: g.vgid, label: g.groupName }))}
        />
      </Form.Item>
      {picked && (
        <div className="group-vehicles" data-testid="group-vehicles">
          <Typography.Text type="secondary">{f.groupVehicles}</Typography.Text>
          <div>
            {picked.vehicles.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={f.noVehicles} />
            ) : (
              [...picked.vehicles]
                .sort((a, b) => a.vehiclePlate.localeCompare(b.vehiclePlate))
                .map((v) => <Tag key={v.vid}>{v.vehiclePlate}</Tag>)
            )}
          </div>
        </div>
      )}
      {operatorLinks && (
        <RelationSelects relations={parentRelations ?? undefined} loading={false} vehicleGroups={false} />
      )}
      <FormButtons cancel={f.cancel} submit={f.save} onCancel={goBack} busy={save.isPending} />
    </Form>
  );
}

/**
 * /UserManagement/ConfigureUser (spec 1 §2): a fleet operator's details and the one vehicle
 * group of its parent it works with. Its fleet owner may also change its templates.
 */
export function ConfigureUserScreen() {
  const me = useSessionUser();
  const strings = useStrings();
  const target = useTargetUser();
  const parentUid = target.user?.parent?.uid ?? null;
  const editsOwnOperator = me.userRole === 'fleetOwner' && parentUid === me.uid;
  const parentRelations = useQuery({
    queryKey: accountKeys.relations(parentUid ?? ''),
    queryFn: () => fetchRelations(parentUid ?? ''),
    enabled: parentUid !== null,
  });
  const operatorRelations = useQuery({
    queryKey: accountKeys.relations(target.uid ?? ''),
    queryFn: () => fetchRelations(target.uid ?? ''),
    enabled: target.uid !== null && editsOwnOperator,
  });
  if (target.uid === null || target.failed) return <Navigate to="/UserManagement" replace />;
  const ready =
    target.user !== undefined &&
    (parentUid === null || !parentRelations.isPending) &&
    (!editsOwnOperator || !operatorRelations.isPending);

  return (
    <div className="screen-padded">
      <Card className="form-card" title={strings.userForm.configureTitle} data-testid="configure-user-form">
        {ready && target.user ? (
          <ConfigureForm
            key={target.user.uid}
            user={target.user}
            parentRelations={parentRelations.data ?? null}
            operatorLinks={editsOwnOperator ? (operatorRelations.data?.linked ?? null) : null}
          />
        ) : (
          <Spin />
        )}
      </Card>
    </div>
  );
}
