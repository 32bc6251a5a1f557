/** React-Toastify with its styles: loaded on demand by toast.ts, the portal's shared `react-toastify`. */
import 'react-toastify/ReactToastify.css';

export { toast, ToastContainer } from 'react-toastify/unstyled';
