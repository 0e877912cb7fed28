import { MANAGEMENT_TEXTS, type RuleCoverageResponse, type RuleTemplate } from '@jejak/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { applyRuleTemplate, ruleCoverageKeys } from '../../../api/alerts/rule-coverage.ts';
import { serverTextOr } from '../../../api/error-text.ts';
import { useStrings } from '../../../i18n/strings.ts';
import { showToast } from '../../../ui/feedback/notifier.ts';
import { applicableGroups, applyVgid, type ApplyScope } from './coverage.ts';

interface ApplyTemplateDialogProps {
  template: RuleTemplate;
  coverage: RuleCoverageResponse | undefined;
  onClose: () => void;
}

/** Apply to vehicles: the template to all of the owner's vehicles or to one group, confirmed (ADR 0074). */
export function ApplyTemplateDialog({ template, coverage, onClose }: ApplyTemplateDialogProps) {
  const s = useStrings().onboarding.coverage;
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<ApplyScope>('all');
  const [vgid, setVgid] = useState<string | undefined>(undefined);
  const groups = applicableGroups(coverage);
  const target = applyVgid(scope, vgid);
  const apply = useMutation({
    mutationFn: (to: string | null) => applyRuleTemplate(template.rtid, to),
    onSuccess: async (res) => {
      showToast('success', res.message);
      await queryClient.invalidateQueries({ queryKey: ruleCoverageKeys.all });
      onClose();
    },
    onError: (error) => showToast('error', serverTextOr(error, MANAGEMENT_TEXTS.somethingWrong)),
  });
  return (
    <Modal
      open
      title={s.applyTitle(template.templateName)}
      okText={s.confirm}
      cancelText={s.cancel}
      okButtonProps={{ disabled: target === undefined }}
      confirmLoading={apply.isPending}
      onOk={() => target !== undefined && apply.mutate(target)}
      onCancel={onClose}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="apply-dialog">
        <Radio.Group value={scope} onChange={(e) => setScope(e.target.value as ApplyScope)}>
          <Space orientation="vertical">
            <Radio value="all" data-testid="apply-all">
              {s.allVehicles(coverage?.vehicleCount ?? 0)}
            </Radio>
            <Radio value="group" disabled={groups.length === 0} data-testid="apply-group">
              {s.oneGroup}
              {groups.length === 0 && <Typography.Text type="secondary">{` (${s.noGroups})`}</Typography.Text>}
            </Radio>
          </Space>
        </Radio.Group>
        {scope === 'group' && (
          <Select
            aria-label={s.group}
            placeholder={s.group}
            style={{ width: '100%' }}
            value={vgid}
            onChange={setVgid}
            options={groups.map((g) => ({ value: g.vgid, label: s.groupOption(g.groupName, g.vehicleCount) }))}
          />
        )}
        <Typography.Text type="secondary">{s.keeps}</Typography.Text>
        <Typography.Text type="secondary">{s.defaultNote}</Typography.Text>
      </Space>
    </Modal>
  );
}
