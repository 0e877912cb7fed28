import { MIGRATION_TEXTS } from '@jejak/contract';
import { STAGE_NAMES, type StageName } from '@jejak/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Form, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { serverTextOr } from '../../api/error-text.ts';
import { fetchMigrationUsers, migrateUser, MIGRATION_USERS_KEY } from '../../api/accounts/migration.ts';
import { useRoleText, useSpecText, useStrings } from '../../i18n/strings.ts';
import { useGoBack } from '../../ui/go-back.ts';
import { showProgress, showToast } from '../../ui/feedback/notifier.ts';
import { FormButtons } from '../../ui/forms/FormButtons.tsx';

/**
 * /Migration/MigrateUser/{uid} (spec 3 §2, §5): the chosen user, its current stage and the
 * stage to send it to. Migration is one-way; the stage gate reads it at the next sign-in.
 */
export function MigrateUserScreen() {
  const roleName = useRoleText();
  const strings = useStrings();
  const spec = useSpecText();
  const m = strings.migration;
  const { uid } = useParams();
  const queryClient = useQueryClient();
  const goBack = useGoBack('/Migration');
  const users = useQuery({ queryKey: MIGRATION_USERS_KEY, queryFn: fetchMigrationUsers });
  useEffect(() => {
    if (users.error) showToast('error', MIGRATION_TEXTS.getUsersError);
  }, [users.error]);
  const user = users.data?.find((u) => u.uid === uid);
  const [target, setTarget] = useState<StageName | undefined>();

  const migrate = useMutation({
    mutationFn: migrateUser,
    onMutate: () => showProgress(MIGRATION_TEXTS.migrating),
    onSettled: (_data, _error, _request, closeProgress) => closeProgress?.(),
    onSuccess: async () => {
      showToast('success', MIGRATION_TEXTS.migrateSuccess);
      await queryClient.invalidateQueries({ queryKey: MIGRATION_USERS_KEY });
      goBack();
    },
    onError: (error) => showToast('error', serverTextOr(error, MIGRATION_TEXTS.migrateError)),
  });

  const submit = () => {
    if (!user) return showToast('error', MIGRATION_TEXTS.selectedUserNotFound);
    if (!user.stage) return showToast('error', MIGRATION_TEXTS.sourceStageNotFound);
    if (!target) return showToast('error', MIGRATION_TEXTS.selectTargetStage);
    migrate.mutate({ uid: user.uid, sourceStage: user.stage, targetStage: target });
  };

  return (
    <div className="screen-padded">
      <Card className="form-card" title={m.formTitle} data-testid="migrate-form">
        {users.isPending ? (
          <Spin />
        ) : (
          <Form layout="vertical" onFinish={submit}>
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'user',
                  label: m.user,
                  children: user ? `${user.userName} (${user.userEmail}, ${roleName(user.userRole)})` : '-',
                },
                { key: 'stage', label: m.currentStage, children: user?.stage ?? '-' },
              ]}
            />
            <Form.Item label={m.targetStage} className="migrate-target">
              <Select<StageName>
                id="targetStage"
                value={target}
                onChange={setTarget}
                options={STAGE_NAMES.filter((stage) => stage !== user?.stage).map((stage) => ({
                  value: stage,
                  label: stage,
                }))}
              />
            </Form.Item>
            {migrate.isPending && <Typography.Text type="secondary">{spec(MIGRATION_TEXTS.migrating)}</Typography.Text>}
            <FormButtons cancel={m.back} submit={m.submit} onCancel={goBack} busy={migrate.isPending} />
          </Form>
        )}
      </Card>
    </div>
  );
}
