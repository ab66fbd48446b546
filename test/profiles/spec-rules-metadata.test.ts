import { describe, expect, it } from 'vitest';
import { accepted, firstIssue, firstLine, issuesOf, proMk1 } from './helpers.js';

describe('device-profile-schema-1.md §13', () => {
  it('scenario 11: an unknown driver is rejected with "unknown driver"', () => {
    expect(firstLine(proMk1((doc) => (doc.driver = 'midi.flashy-grid')))).toMatch(/^driver: unknown driver 'midi.flashy-grid'/);
  });

  it('scenario 12: an id that is not three slugs mentions manufacturer/family/model', () => {
    const issue = firstIssue(proMk1((doc) => (doc.id = 'Launchpad Pro')));
    expect(issue.path).toBe('id');
    expect(issue.message).toContain('manufacturer/family/model');
  });

  it('scenario 14: an id that differs from the slugged metadata names the expected id', () => {
    const issue = firstIssue(proMk1((doc) => (doc.model = 'Different Model')));
    expect(issue.path).toBe('id');
    expect(issue.message).toContain('does not match profile metadata');
    expect(issue.message).toContain("'novation/launchpad/different-model'");
  });

  it('scenario 15: the slug cross-check accepts "  PRO   mk1!! " for pro-mk1', () => {
    expect(accepted(proMk1((doc) => (doc.model = '  PRO   mk1!! '))).id).toBe('novation/launchpad/pro-mk1');
  });

  it('scenario 20: unsupported visual_protocol and schema_version values, and a boolean schema_version', () => {
    expect(firstLine(proMk1((doc) => (doc.visual_protocol = 9)))).toMatch(/^visual_protocol: unsupported visual_protocol 9/);
    expect(firstLine(proMk1((doc) => (doc.schema_version = 2)))).toMatch(/^schema_version: unsupported schema_version 2/);
    expect(firstLine(proMk1((doc) => (doc.schema_version = true)))).toBe('schema_version: must be an integer');
  });

  it('scenario 34: evaluation order decides the first error, and every other error is still reported', () => {
    const accentsAndConformance = proMk1((doc) => {
      doc.accents.pop();
      doc.conformance = [];
    });
    expect(issuesOf(accentsAndConformance).map((issue) => issue.path)).toEqual(['accents', 'conformance']);
    expect(firstIssue(accentsAndConformance).message).toContain('exactly 8 named color pairs');

    const scrollAndStartup = proMk1((doc) => {
      doc.capabilities.text_scroll = 3;
      doc.messages.startup = 'not a list';
    });
    expect(issuesOf(scrollAndStartup).map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'capabilities.text_scroll: must be boolean',
      'messages.startup: must be an array',
    ]);
  });
});
