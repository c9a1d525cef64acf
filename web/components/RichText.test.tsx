import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './RichText';

describe('RichText', () => {
  it('renders headings, lists and paragraphs from catalog prose', () => {
    const { container } = render(<RichText text={'## Title\n\nFirst line\nsecond line\n\n- one\n- two'} />);
    expect(container.querySelector('h2')?.textContent).toBe('Title');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('p br')).not.toBeNull();
  });

  it('never renders markup from the text', () => {
    const { container } = render(<RichText text={'<img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img');
  });
});
