import { CarOutlined, EditOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { ALERT_TEXTS, DEFAULT_RULE_TEMPLATE, type Rule, type RuleTemplate } from '@jejak/contract';
import { Button, Collapse, Empty, List, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRuleCoverage } from '../../api/alerts/rule-coverage.ts';
import { useRuleTemplates } from '../../api/alerts/rules.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { ApplyTemplateDialog } from './rules/ApplyTemplateDialog.tsx';
import { CoverageList } from './rules/CoverageList.tsx';
import { templateCoverage } from './rules/coverage.ts';
import './rules/rules-tab.css';

const TYPE_COLOURS: Readonly<Record<Rule['ruleType'], string>> = {
  info: 'green',
  warning: 'gold',
  critical: 'red',
  control: 'default',
};

/**
 * Management's Rule tab (spec 2 §2 Rules tab): the user's rule templates except DEFAULT, each
 * opening onto its rules. Add New Rule waits for a custom template to put the rule in. Each
 * template tells what it watches, warns when that is nothing, and (manageAlerts) is applied to
 * the owner's vehicles or a group from here (issue 26 item 3, ADR 0074).
 */
export function RulesTab({ uid, mayApply }: { uid: string; mayApply: boolean }) {
  const strings = useStrings();
  const r = strings.rules;
  const c = strings.onboarding.coverage;
  const spec = useSpecText();
  const s = r.rulesTab;
  const navigate = useNavigate();
  const templates = useRuleTemplates(uid);
  const custom: RuleTemplate[] = (templates.data ?? [])
    .filter((t) => t.templateName !== DEFAULT_RULE_TEMPLATE)
    .sort((a, b) => a.templateName.localeCompare(b.templateName));
  const noCustom = !templates.isPending && custom.length === 0;
  const coverage = useRuleCoverage(uid, mayApply);
  const [applying, setApplying] = useState<RuleTemplate | null>(null);

  const coverageOf = (rtid: string) => {
    const found = templateCoverage(coverage.data, rtid);
    return found ? <CoverageList rtid={rtid} coverage={found} /> : null;
  };

  const ruleList = (template: RuleTemplate) =>
    template.rules.length === 0 ? (
      <Typography.Text type="secondary">{s.noRules}</Typography.Text>
    ) : (
      <List<Rule>
        size="small"
        dataSource={[...template.rules].sort((a, b) => a.ruleName.localeCompare(b.ruleName))}
        renderItem={(rule) => (
          <List.Item
            data-testid={`rule-${rule.ruid}`}
            actions={[
              <Button
                key="edit"
                type="link"
                icon={<EditOutlined />}
                data-testid={`edit-rule-${rule.ruid}`}
                onClick={() => void navigate(`/Management/Rule/Edit/${rule.ruid}`, { state: { rule } })}
              >
                {s.editRule}
              </Button>,
            ]}
          >
            <Space wrap>
              <Typography.Text strong>{rule.ruleName}</Typography.Text>
              <Tag color={TYPE_COLOURS[rule.ruleType]}>{r.ruleTypes[rule.ruleType]}</Tag>
              <Typography.Text type="secondary">
                {rule.conditions.map((c) => r.parameters[c.parameter]).join(', ')}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    );

  return (
    <>
      <div className="management-toolbar">
        <span />
        <Space wrap>
          <Button icon={<PlusOutlined />} onClick={() => void navigate('/Management/RuleTemplate/Add')}>
            {s.addTemplate}
          </Button>
          <Tooltip title={noCustom ? spec(ALERT_TEXTS.noCustomTemplate) : undefined}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={noCustom || templates.isPending}
              data-testid="add-rule"
              onClick={() => void navigate('/Management/Rule/Add')}
            >
              {s.addRule}
            </Button>
          </Tooltip>
        </Space>
      </div>
      {noCustom ? (
        <Empty description={s.noTemplates} />
      ) : (
        <Collapse
          data-testid="rule-templates"
          className="rule-templates"
          // The header's title and arrow open it, not the whole row: Edit template is no button inside a button.
          collapsible="header"
          items={custom.map((template) => ({
            key: template.rtid,
            label: (
              <Space wrap>
                <Typography.Text strong>{template.templateName}</Typography.Text>
                <Typography.Text type="secondary">{s.rules(template.rules.length)}</Typography.Text>
                <WatchesTag rtid={template.rtid} coverage={templateCoverage(coverage.data, template.rtid)} />
              </Space>
            ),
            extra: (
              <Space size={0} wrap>
                {mayApply && (
                  <Button
                    size="small"
                    type="link"
                    icon={<CarOutlined />}
                    data-testid={`apply-template-${template.rtid}`}
                    disabled={!coverage.data}
                    onClick={(event) => {
                      event.stopPropagation();
                      setApplying(template);
                    }}
                  >
                    {c.apply}
                  </Button>
                )}
                <Button
                  size="small"
                  type="link"
                  icon={<EditOutlined />}
                  data-testid={`edit-template-${template.rtid}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    void navigate(`/Management/RuleTemplate/Edit/${template.rtid}`);
                  }}
                >
                  {s.editTemplate}
                </Button>
              </Space>
            ),
            children: (
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                {coverageOf(template.rtid)}
                {ruleList(template)}
              </Space>
            ),
          }))}
        />
      )}
      {applying && (
        <ApplyTemplateDialog template={applying} coverage={coverage.data} onClose={() => setApplying(null)} />
      )}
    </>
  );
}

/** In a template's header: how many vehicles it watches, or a warning tag when none. */
function WatchesTag({ rtid, coverage }: { rtid: string; coverage: ReturnType<typeof templateCoverage> }) {
  const c = useStrings().onboarding.coverage;
  if (!coverage) return null;
  return coverage.none ? (
    <Tag color="warning" icon={<WarningOutlined />} data-testid={`watches-none-${rtid}`}>
      {c.watchesNone}
    </Tag>
  ) : (
    <Tag data-testid={`watches-${rtid}`}>{c.watches(coverage.vehicles.length, coverage.total)}</Tag>
  );
}
