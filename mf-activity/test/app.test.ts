import { describeRemoteApp } from 'shared-kernel/testing';
import * as app from '../src/app';

describeRemoteApp('mf-activity', app, __APP_VERSION__);
