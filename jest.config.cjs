// One jest run over every workspace (each has its own jest.config.cjs).
module.exports = {
  projects: ['<rootDir>/shared-kernel', '<rootDir>/shell', '<rootDir>/mf-auth', '<rootDir>/mf-articles', '<rootDir>/mf-user-center', '<rootDir>/mf-pay', '<rootDir>/mf-activity', '<rootDir>/mf-admin', '<rootDir>/api'],
};
