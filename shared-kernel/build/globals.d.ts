// Values injected at build time by createAppConfig (webpack DefinePlugin).
declare const __APP_VERSION__: string;
declare const __APP_NAME__: string;
