import './complaints.scss';
import { Route, Routes } from 'react-router';
import { ComplaintPage } from './ComplaintPage';
import { ListPage } from './ListPage';

/**
 * The console's complaints section: /admin/complaints lists the complaints from the
 * complaints form by state and site, /admin/complaints/:id shows one with its state and history.
 */
export default function ComplaintsScreen() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path=":id" element={<ComplaintPage />} />
    </Routes>
  );
}
