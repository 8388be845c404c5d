import { Slide, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** product: screens.md#toasts: top-right, light, drag at 80 %, auto-close 5 s. */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      theme="light"
      autoClose={5000}
      draggable
      draggablePercent={80}
      transition={Slide}
      newestOnTop
    />
  );
}
