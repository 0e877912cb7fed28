import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ALERT_TEXTS, DEFAULT_RULE_TEMPLATE, type Rule, type RuleTemplate } from '@jejak/contract';
import { Button, Collapse, Empty, List, Space, Tag, Tooltip, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useRuleTemplates } from '../../api/alerts/rules.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';

const TYPE_COLOURS: Readonly<Record<Rule['ruleType'], string>> = {
  info: 'green',
  warning: 'gold',
  critical: 'red',
  control: 'default',
};

/**
 * Management's Rule tab (spec 2 §2 Rules tab): the user's rule templates except DEFAULT, each
 * opening onto its rules. Add New Rule waits for a custom template to put the rule in.
 */
export function RulesTab({ uid }: { uid: string }) {
  const r = useStrings().rules;
  const spec = useSpecText();
  const s = r.rulesTab;
  const navigate = useNavigate();
  const templates = useRuleTemplates(uid);
  const custom: RuleTemplate[] = (templates.data ?? [])
    .filter((t) => t.templateName !== DEFAULT_RULE_TEMPLATE)
    .sort((a, b) => a.templateName.localeCompare(b.templateName));
  const noCustom = !templates.isPending && custom.length === 0;

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
          // The header's title and arrow open it, not the whole row: Edit template is no button inside a button.
          collapsible="header"
          items={custom.map((template) => ({
            key: template.rtid,
            label: (
              <Space wrap>
                <Typography.Text strong>{template.templateName}</Typography.Text>
                <Typography.Text type="secondary">{s.rules(template.rules.length)}</Typography.Text>
              </Space>
            ),
            extra: (
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
            ),
            children: ruleList(template),
          }))}
        />
      )}
    </>
  );
}
