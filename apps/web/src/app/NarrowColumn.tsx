import { Outlet } from 'react-router';

/**
 * Sign-in, sign-up and the 404 page stay a centred ~480 px column on a desktop too: a short form
 * reads best narrow. Below 1024 px RootLayout already is that column, so this adds nothing.
 */
export function NarrowColumn() {
  return (
    <div className="flex flex-1 flex-col lg:mx-auto lg:w-full lg:max-w-[480px]">
      <Outlet />
    </div>
  );
}
