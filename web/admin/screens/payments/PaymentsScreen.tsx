import './payments.scss';
import { Navigate, Route, Routes } from 'react-router';
import { DirectDebitBlocksPage } from './DirectDebitBlocksPage';

/**
 * The console's payments section (admin): /admin/payments/direct-debit-blocks holds the accounts
 * a direct debit is refused for.
 */
export default function PaymentsScreen() {
  return (
    <Routes>
      <Route index element={<Navigate to="direct-debit-blocks" replace />} />
      <Route path="direct-debit-blocks" element={<DirectDebitBlocksPage />} />
    </Routes>
  );
}
