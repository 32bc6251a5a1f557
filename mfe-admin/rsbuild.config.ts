import { remoteRsbuildConfig } from '@portal/web-kit/build/remote';
import federation from './module-federation.config.ts';

export default remoteRsbuildConfig({ federation, port: 3004, title: 'Course Portal – administration (standalone)' });
