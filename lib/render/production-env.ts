// Render: imported before React, whose server renderer is about ten times slower in
// development mode.
process.env.NODE_ENV ??= 'production';
