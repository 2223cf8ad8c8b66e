import { UploadRequestSchema, UploadResponseSchema } from '../campaigns';
import { defineEndpoints } from '../endpoint';
import { uploadRoutes } from './uploads.routes';

export const uploadEndpoints = defineEndpoints(uploadRoutes, {
  create: {
    tag: 'campaigns',
    summary: 'Upload a banner, native thumbnail or cover',
    description:
      'Body {purpose, name, data: "data:image/png;base64,..." , size?}. The type comes from the bytes (jpg/png/gif; no gif for native), the file must be under 300,000 bytes, banners one of the display sizes or x2, thumbnail 128x128, cover 800x600. `size` (change banner) demands that size or its x2.',
    body: UploadRequestSchema,
    response: UploadResponseSchema,
  },
});
