import { describe, expect, it } from '@jest/globals';
import { isAllowedLink } from './rich-text.ts';

describe('editor links', () => {
  it('when a link uses one of the schemes of spec §5, or none, then it is allowed', () => {
    for (const href of [
      'https://example.ch',
      'HTTP://x.ch',
      'ftps://files.example.ch',
      'mailto:a@b.ch',
      'tel:+41440000000',
      'xmpp:a@b.ch',
      '/course/1',
      '#top',
    ]) {
      expect({ href, allowed: isAllowedLink(href) }).toEqual({ href, allowed: true });
    }
  });

  it('when a link uses any other scheme, then it is refused', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      'file:///etc/passwd',
    ]) {
      expect({ href, allowed: isAllowedLink(href) }).toEqual({ href, allowed: false });
    }
  });
});
