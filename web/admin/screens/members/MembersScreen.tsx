import './members.scss';
import { Route, Routes } from 'react-router';
import { MemberPage } from './MemberPage';
import { SearchPage } from './SearchPage';

/**
 * The console's members section: /admin/members finds members, /admin/members/:id is a
 * member's record with the actions the staff member's role allows (the server checks them again).
 */
export default function MembersScreen() {
  return (
    <Routes>
      <Route index element={<SearchPage />} />
      <Route path=":id" element={<MemberPage />} />
    </Routes>
  );
}
