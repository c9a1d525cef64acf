import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import admin from '../../../common/locales/admin/en.json';
import { ApiError } from '../../api/client';
import { adminTestI18n } from '../test-support';
import { ReasonDialog } from './ReasonDialog';

async function renderDialog(onConfirm: (reason: string) => unknown) {
  const onCancel = vi.fn();
  render(
    <I18nextProvider i18n={await adminTestI18n()}>
      <ReasonDialog
        open
        title="Suspend member"
        confirmLabel="Suspend"
        maxLength={500}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </I18nextProvider>,
  );
  return onCancel;
}

describe('the reason dialog', () => {
  it('refuses an empty or blank reason', async () => {
    const onConfirm = vi.fn();
    await renderDialog(onConfirm);
    fireEvent.change(screen.getByLabelText(admin.common.reason), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend', hidden: true }));
    expect(await screen.findByText(admin.common.reasonRequired)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('hands on the trimmed reason, and shows what the server refused', async () => {
    const onConfirm = vi.fn(async () => {
      throw new ApiError(409, { error: 'report_handled', message: 'This report was handled already.' });
    });
    await renderDialog(onConfirm);
    fireEvent.change(screen.getByLabelText(admin.common.reason), { target: { value: '  Scam messages  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend', hidden: true }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Scam messages'));
    expect(await screen.findByText('This report was handled already.')).toBeTruthy();
  });

  it('cancels', async () => {
    const onCancel = await renderDialog(vi.fn());
    fireEvent.click(screen.getByRole('button', { name: admin.common.cancel, hidden: true }));
    expect(onCancel).toHaveBeenCalled();
  });
});
