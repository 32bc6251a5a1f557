import { remoteRsbuildConfig } from '@portal/web-kit/build/remote';
import federation from './module-federation.config.ts';

export default remoteRsbuildConfig({ federation, port: 3001, title: 'Course Portal – sign-in (standalone)' });
