/** Management's Rule and Notification tabs, rule, template and notification forms, Notification Log (issue 12). */
export const enRules = {};
