/**
 * Generated from src/api/openapi.json (the server's GET /api/openapi.json) by openapi-typescript:
 * do not edit. After the document changes, run `npm run api:types --workspace @citabot/site` in web/.
 */
export interface paths {
  '/api/appointments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/appointments`: citas from `from` to `to` (both inclusive), by date and start. */
    get: {
      parameters: {
        query: {
          /** @description First day, `YYYY-MM-DD`, inclusive. */
          from: string;
          /** @description Last day, `YYYY-MM-DD`, inclusive; at most 92 days after `from`. */
          to: string;
          /** @description Only citas in this status. */
          status?: string;
          /** @description Only this staff member's citas. */
          staffId?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Everyone's citas for staff, the caller's own for a cliente */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AppointmentList'];
          };
        };
        /** @description A bad date, range, status or parameter */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * `POST /api/appointments` (staff): books a cita by hand, held to the salon's rules (staff may
     *     book inside the notice and in the past, and may record an `outsideHours` override).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NewAppointmentRequest'];
        };
      };
      responses: {
        /** @description Booked */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AppointmentResponse'];
          };
        };
        /** @description A field is missing or malformed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The staff member is already booked then */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Unknown or inactive service, unknown staff member or client, outside the hours, a closure, the stylist's schedule, time off or services, or off the slot step */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/appointments/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * `PATCH /api/appointments/{id}`: changes a cita's status, day, time, staff member or
     *     services (a move keeps its id), under the same rules as booking it. Staff may make any
     *     allowed change; a cliente may move or cancel her own while the minimum notice allows.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The cita's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AppointmentPatch'];
        };
      };
      responses: {
        /** @description The cita as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AppointmentResponse'];
          };
        };
        /** @description Unknown status, a bad date or time, nothing to change */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cliente asked for a status other than cancelled, or for the override */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such cita, or not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The status rules refuse the change, or the new time is taken */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Outside the hours, a closure, the stylist's schedule, time off or services; for a cliente, inside the minimum notice or beyond the horizon */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/appointments/{id}/availability': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/appointments/{id}/availability` (staff, or the cita's own cliente): where the cita
     *     could move on a day, as `GET /api/availability` gives times to the caller, except that the
     *     cita's own time is free to it (a half-hour cita at 11:00 may move to 11:15). Its services,
     *     or `serviceIds` instead.
     */
    get: {
      parameters: {
        query: {
          /** @description The day, `YYYY-MM-DD`. */
          date: string;
          /** @description Only this staff member. */
          staffId?: string;
          /** @description Comma-separated service ids to give the cita instead of its own. */
          serviceIds?: string;
        };
        header?: never;
        path: {
          /** @description The cita's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The free start times */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AvailabilityList'];
          };
        };
        /** @description A bad date or parameter */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such cita, or not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The cita is cancelled or a no-show */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Unknown or inactive service, or unknown staff member */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/appointments/{id}/calendar.ics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/appointments/{id}/calendar.ics`. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The cita's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The cita as one VEVENT (RFC 5545), as a download */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/calendar': string;
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such cita, or not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `POST /api/auth/login`: checks the password, replaces any previous session with a new one.
     *     Unknown email and wrong password get the same answer in the same time.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['LoginRequest'];
        };
      };
      responses: {
        /** @description Signed in; sets a new session cookie */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SessionResponse'];
          };
        };
        /** @description Wrong email or password */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Too many failed attempts from this address, for this account or for all */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** `POST /api/auth/logout`: ends the session (idempotent) and clears the cookie. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Signed out; the cookie is cleared */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/auth/session`: who is signed in, and the CSRF token for later requests. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The account and CSRF token, or nulls for a guest */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SessionResponse'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/signup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** `POST /api/auth/signup`: creates a `cliente` account and signs it in. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SignupRequest'];
        };
      };
      responses: {
        /** @description Created and signed in; sets the session cookie */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SessionResponse'];
          };
        };
        /** @description A field is missing or invalid */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The email already has an account */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Too many sign-ups from this address */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/availability': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/availability` (anyone): the free start times of a day for some services done
     *     together, each with who is free then: only stylists who do every one of them, take
     *     bookings and work then (their periods within the hours, no closure, no time off). Past days
     *     have none; staff see today's from now on, everyone else from now plus the minimum notice,
     *     up to the horizon.
     */
    get: {
      parameters: {
        query: {
          /** @description The day, `YYYY-MM-DD`. */
          date: string;
          /** @description Comma-separated service ids, done back to back. */
          serviceIds: string;
          /** @description Only this staff member. */
          staffId?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The free start times */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AvailabilityList'];
          };
        };
        /** @description A bad date or parameter, or no service */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Unknown or inactive service, or unknown staff member */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/availability/next': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/availability/next` (anyone): the next free times for some services over the
     *     coming two weeks, the first of each morning and afternoon, as a client may book them.
     */
    get: {
      parameters: {
        query: {
          /** @description Comma-separated service ids, done back to back. */
          serviceIds: string;
          /** @description Only this stylist. */
          staffId?: string;
          /** @description How many times, 1–8 (4 when left out). */
          count?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The next free times, soonest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NextTimeList'];
          };
        };
        /** @description A bad parameter, or no service */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Unknown or inactive service, or unknown staff member */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/bookings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** `POST /api/bookings` (anyone): books a free time as a client, without the chat. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NewBooking'];
        };
      };
      responses: {
        /** @description Booked */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BookedResponse'];
          };
        };
        /** @description A bad body, name, email or phone, or neither an email nor a phone */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is no longer free */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Outside the hours, the notice or the horizon; an unknown service or stylist */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Too many bookings from this address */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/business': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/business`: the name, time zone, slot step, opening hours, profile, booking rules,
     *     the closures within the horizon and the bookable team.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The business */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BusinessResponse'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * `PATCH /api/business` (administrador): changes any of the profile's fields and booking
     *     rules; the change binds the next request (availability, the assistant, every booking).
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['BusinessPatch'];
        };
      };
      responses: {
        /** @description The business as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BusinessResponse'];
          };
        };
        /** @description A field is malformed or past its limit, or nothing to change */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/business/hero': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/business/hero` (public): the landing page's picture. */
    get: {
      parameters: {
        query?: {
          /**
           * @description The picture's version, as `logoUrl` and `heroUrl` name it: when it is the current one the
           *     answer may be cached for a year.
           */
          v?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The hero picture, with `ETag`, `Cache-Control` (a year when `v` is its version) and `X-Content-Type-Options: nosniff` */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/png': unknown;
            'image/jpeg': unknown;
            'image/webp': unknown;
          };
        };
        /** @description Unchanged since the `If-None-Match` sent */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No hero picture uploaded */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    /**
     * `PUT /api/business/hero` (administrador): uploads the hero picture, replacing the one there.
     * @description The body is the picture itself (not a form): PNG, JPEG or WebP, told by its first bytes (`Content-Type` and file names are not read), at most 2 MiB, at most 8192 pixels a side and 40 megapixels.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'image/jpeg': unknown;
          'image/png': unknown;
          'image/webp': unknown;
        };
      };
      responses: {
        /** @description The business, its `heroUrl` naming the new version */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BusinessResponse'];
          };
        };
        /** @description Empty, a damaged header, or dimensions past the limits */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador, or no CSRF token */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Over 2 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not a PNG, JPEG or WebP by its bytes (SVG is refused) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    post?: never;
    /**
     * `DELETE /api/business/hero` (administrador): removes the hero picture (the landing page shows
     *     its bundled illustration).
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The business, `heroUrl` null (also when there was none) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BusinessResponse'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/business/hours': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * `PUT /api/business/hours` (administrador): replaces the opening hours. Citas already booked
     *     stay; those now outside the hours are listed by `GET /api/business/outside-rules`.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['HoursRequest'];
        };
      };
      responses: {
        /** @description The business with its new hours */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BusinessResponse'];
          };
        };
        /** @description A bad weekday or minute, a period closing before it opens, overlapping periods */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/business/logo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/business/logo` (public): the salon's logo. */
    get: {
      parameters: {
        query?: {
          /**
           * @description The picture's version, as `logoUrl` and `heroUrl` name it: when it is the current one the
           *     answer may be cached for a year.
           */
          v?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The logo, with `ETag`, `Cache-Control` (a year when `v` is its version) and `X-Content-Type-Options: nosniff` */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/png': unknown;
            'image/jpeg': unknown;
            'image/webp': unknown;
          };
        };
        /** @description Unchanged since the `If-None-Match` sent */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No logo uploaded */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    /**
     * `PUT /api/business/logo` (administrador): uploads the logo, replacing the one there.
     * @description The body is the picture itself (not a form): PNG, JPEG or WebP, told by its first bytes (`Content-Type` and file names are not read), at most 512 KiB, at most 8192 pixels a side and 40 megapixels.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'image/jpeg': unknown;
          'image/png': unknown;
          'image/webp': unknown;
        };
      };
      responses: {
        /** @description The business, its `logoUrl` naming the new version */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BusinessResponse'];
          };
        };
        /** @description Empty, a damaged header, or dimensions past the limits */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador, or no CSRF token */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Over 512 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not a PNG, JPEG or WebP by its bytes (SVG is refused) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    post?: never;
    /** `DELETE /api/business/logo` (administrador): removes the logo (the site shows initials). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The business, `logoUrl` null (also when there was none) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BusinessResponse'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/business/outside-rules': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/business/outside-rules` (staff): future pending and confirmed citas the current
     *     hours, closures, schedules, time off, services or `bookable` flags no longer allow, by date
     *     and start, each with a reason. Nothing is moved or cancelled: staff handle them.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The citas outside the rules */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OutsideRulesList'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/clients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/clients` (staff): clients by name, at most `limit`. */
    get: {
      parameters: {
        query?: {
          /** @description Part of a name, email or phone; accents and case do not matter. */
          q?: string;
          /** @description 1 to 200; 50 when left out. Read as text, so that a bad value gets a sentence. */
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The clients found */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ClientList'];
          };
        };
        /** @description A bad limit or search text */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/clients/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/clients/{id}` (staff): a client's page. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The client's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The client with their citas, conversations and note */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ClientResponse'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such client */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** `PATCH /api/clients/{id}` (staff): changes a client's name, email, phone or private note. */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The client's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ClientPatch'];
        };
      };
      responses: {
        /** @description The client's page as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ClientResponse'];
          };
        };
        /** @description A field is malformed, too long or hides characters */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such client */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/closures': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/closures` (staff): every closure, past ones included, by first day (newest last). */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The closures */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ClosureList'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * `POST /api/closures` (administrador): closes the salon from one day to another. Citas
     *     already booked then stay, listed by `GET /api/business/outside-rules`.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['DaysOffRequest'];
        };
      };
      responses: {
        /** @description Added */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ClosureResponse'];
          };
        };
        /** @description A bad date or range, or no reason */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A closure already covers those days */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/closures/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** `DELETE /api/closures/{id}` (administrador). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The closure's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such closure */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/conversations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/conversations` (staff): a page of conversations, the most recent `lastAt` first
     *     (on the first page of `all`, those waiting for a person before the rest).
     */
    get: {
      parameters: {
        query?: {
          /** @description 1 to 100; 50 when left out. Read as text, so that a bad value gets a sentence. */
          limit?: number;
          /**
           * @description Only conversations whose last message came before this instant (RFC 3339): the previous
           *     page's last `lastAt`.
           */
          before?: string;
          /**
           * @description `needsPerson` (visitors waiting for a person), `booked` (the assistant booked a cita) or
           *     `all` (the default: those waiting for a person first).
           * @example needsPerson
           */
          filter?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The conversations with at least one message */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ConversationList'];
          };
        };
        /** @description A bad limit, instant or filter */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/conversations/{sessionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/conversations/{sessionId}` (staff): a conversation and its transcript, now read by
     *     the caller.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The chat session's id */
          sessionId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The conversation and its messages */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ConversationDetailResponse'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such conversation */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/conversations/{sessionId}/handback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `POST /api/conversations/{sessionId}/handback` (staff): the assistant answers the visitor's
     *     next message again.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The chat session's id */
          sessionId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The conversation, back with the assistant */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ConversationResponse'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such conversation */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/conversations/{sessionId}/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `POST /api/conversations/{sessionId}/messages` (the staff member holding the take-over):
     *     stores a bot message naming them and delivers it to the visitor.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The chat session's id */
          sessionId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['StaffMessage'];
        };
      };
      responses: {
        /** @description Stored, and on its way to the visitor */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MessageResponse'];
          };
        };
        /** @description An empty or too long text */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff, or an API key made on the command line */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such conversation */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller does not hold the take-over */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/conversations/{sessionId}/takeover': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `POST /api/conversations/{sessionId}/takeover` (staff): the caller answers the visitor from
     *     now on, instead of the assistant (or of the colleague who held it).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The chat session's id */
          sessionId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The conversation, taken over by the caller */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ConversationResponse'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff, or an API key made on the command line */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such conversation */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/conversations/{sessionId}/typing': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `POST /api/conversations/{sessionId}/typing` (the staff member holding the take-over): they
     *     are writing, and the visitor's widget shows it for a few seconds. The dashboard says it at
     *     most every couple of seconds while they type; nothing is stored.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The chat session's id */
          sessionId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Told to the visitor's open chat, if any */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff, or an API key made on the command line */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such conversation */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller does not hold the take-over */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/demo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * `DELETE /api/demo` (administrador): takes away the demo's week of citas, its clients and
     *     their reviews, in one go. The salon, its team, services and settings stay.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The demo's citas are gone */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['DemoRemoved'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/holds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/holds` (staff): the times chat visitors hold from `from` to `to` (inclusive)
     *     while they give their details, for the diary.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description First day, `YYYY-MM-DD`. */
          from: string;
          /** @description Last day, inclusive (at most 92 days after `from`). */
          to: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The live holds, by date, start and staff member */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['HoldList'];
          };
        };
        /** @description A bad date, range or parameter */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/inbox': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/inbox` (staff): how many visitors wait for a person now, for the navigation's
     *     count (the dashboard asks every couple of seconds).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The counts */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['InboxCounts'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/keys` (administrador): every key, the newest first, revoked ones too. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The keys, without their secrets */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['KeyList'];
          };
        };
        /** @description Nobody is signed in, or the API key is not valid */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The API key made too many requests (see Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * `POST /api/keys` (administrador): makes a key, acting as the caller's account, and answers
     *     its secret this one time.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NewKeyRequest'];
        };
      };
      responses: {
        /** @description Made; `key` is never shown again */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CreatedKeyResponse'];
          };
        };
        /** @description A missing or invalid name or role */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in, or the API key is not valid */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador, or a role stronger than the caller's */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The API key made too many requests (see Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * `DELETE /api/keys/{id}` (administrador): the key stops working at once. Revoking a revoked
     *     key is 204 as well (it stays revoked since the first time).
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The key's short id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Nobody is signed in, or the API key is not valid */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such key */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The API key made too many requests (see Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/mail` (administradores): the outbox, newest first. */
    get: {
      parameters: {
        query?: {
          /** @description Only messages in this status: `pending`, `sent`, `failed`, `unsent` or `suppressed`. */
          status?: string;
          /** @description How many, 1–200 (50 when left out). */
          limit?: string;
          /** @description Only messages older than this one (its `id`): the next page. */
          before?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of messages, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MailList'];
          };
        };
        /** @description An unknown status, a bad limit or cursor */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mail/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/mail/{id}` (administradores): one message, with its text, HTML and calendar file. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The message's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The message */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MailDetailResponse'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such message */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mail/{id}/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/mail/{id}/preview` (administradores): the message's HTML as a page of its own,
     *     under a policy that lets its inline styles show and nothing run or load. The dashboard's
     *     sandboxed frame opens it (a `srcdoc` frame would inherit the site's policy, which blocks
     *     inline styles).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The message's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The message's HTML */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/html': string;
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such message */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mail/{id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** `POST /api/mail/{id}/retry` (administradores): a `failed` message queued again, due now. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The message's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The message, pending again */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MailResponse'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such message */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not failed, or no mail server is configured */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/manage/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/manage/{token}`: the cita the link names. Changes nothing. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The manage link's token */
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The cita, with what the link still allows */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ManagedResponse'];
          };
        };
        /** @description A forged, expired or unknown link */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Too many requests from this address */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * `PATCH /api/manage/{token}`: moves the cita to another day and time (and stylist, when
     *     given), under the rules of a client moving her own; its client is written to.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The manage link's token */
          token: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ManagePatch'];
        };
      };
      responses: {
        /** @description The cita, moved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ManagedResponse'];
          };
        };
        /** @description A bad date, time or body */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A forged, expired or unknown link */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Cancelled, or the new time is taken */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Outside the hours, the stylist's schedule or services, inside the minimum notice or beyond the horizon */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Too many requests from this address */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/manage/{token}/attend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `POST /api/manage/{token}/attend`: "Sí, voy", the cita marked as confirmed by its
     *     client (shown in the diary; not the salon's `confirmada`).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The manage link's token */
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The cita, marked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ManagedResponse'];
          };
        };
        /** @description A forged, expired or unknown link */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Cancelled, over, or no longer pending or confirmed */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Too many requests from this address */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/manage/{token}/availability': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/manage/{token}/availability`: the free start times the cita may move to on a
     *     day, as `GET /api/availability` gives them to a client for the cita's services, except that
     *     the cita's own time is free to it (so the times just before and after it are offered).
     *     Changes nothing.
     */
    get: {
      parameters: {
        query: {
          /** @description The day, `YYYY-MM-DD`. */
          date: string;
          /**
           * @description Only this stylist (the cita's own, or another who does all its services); anyone who
           *     does them when left out.
           */
          staffId?: string;
        };
        header?: never;
        path: {
          /** @description The manage link's token */
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The free start times */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AvailabilityList'];
          };
        };
        /** @description A bad date or parameter */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A forged, expired or unknown link */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The cita is cancelled */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Unknown stylist */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Too many requests from this address */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/manage/{token}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `POST /api/manage/{token}/cancel`: cancels the cita, as its client may (outside the
     *     minimum notice); its client is written to.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The manage link's token */
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The cita, cancelled */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ManagedResponse'];
          };
        };
        /** @description A forged, expired or unknown link */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Already cancelled, or its status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Inside the minimum notice */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Too many requests from this address */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/n8n/chat': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/n8n/chat?action=loadPreviousSession&sessionId=…` (the widget with
     *     `webhookConfig.method: 'GET'`). Sending a message by GET is refused: a GET must not change
     *     anything (n8n's own Chat Trigger does not take messages by GET either).
     */
    get: {
      parameters: {
        query?: {
          /** @description Only `loadPreviousSession` is taken by GET. */
          action?: string;
          sessionId?: string;
          chatInput?: string;
          metadata?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The conversation's history */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['HistoryResponse'];
          };
        };
        /** @description Anything but `loadPreviousSession`, or a malformed request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['VisitorErrorBody'];
          };
        };
        /** @description Another person's conversation */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['VisitorErrorBody'];
          };
        };
      };
    };
    put?: never;
    /**
     * Handles one widget request: JSON, or a multipart form when files are attached. The route's
     *     `DefaultBodyLimit` bounds the whole form; JSON is held to `chat_max_body_bytes` here.
     * @description n8n's chat webhook protocol (PROTOCOL §2): `loadPreviousSession` answers the history, `sendMessage` the reply. With files, the same fields as a multipart form plus one `files` part per file.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RawRequest'];
          'multipart/form-data': unknown;
        };
      };
      responses: {
        /** @description The history (`data`), the reply (`output`), or `executionStarted` when the reply comes over the live channel `/chat`; relayed from an external n8n, also its NDJSON stream as it arrives */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ChatAnswer'];
            'application/x-ndjson': unknown;
          };
        };
        /** @description The request is malformed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['VisitorErrorBody'];
          };
        };
        /** @description A forged cross-site request, or another person's conversation */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['VisitorErrorBody'];
          };
        };
        /** @description The message, a file or the body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['VisitorErrorBody'];
          };
        };
        /** @description Neither JSON nor a multipart form, or a file type not allowed */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['VisitorErrorBody'];
          };
        };
        /** @description Too many messages; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['VisitorErrorBody'];
          };
        };
        /** @description The external workflow failed or answered garbage */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['VisitorErrorBody'];
          };
        };
        /** @description The external workflow did not answer in time */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['VisitorErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/openapi.json`. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description This description (OpenAPI 3.1) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `{ "item": { id, email, firstName, lastName, phone, role } }`, or 401 for a guest. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The signed-in account */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ProfileResponse'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/review/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/review/{token}`: the cita a review link names, with its review once given.
     *     Changes nothing.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The review link's token */
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The cita, and its review once given */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ReviewInvitationResponse'];
          };
        };
        /** @description A forged, expired or unknown link */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The cita is not completed */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Too many requests from this address */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /** `POST /api/review/{token}`: the client's review of the cita, once. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The review link's token */
          token: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NewReview'];
        };
      };
      responses: {
        /** @description The review, kept */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ReviewResponse'];
          };
        };
        /** @description A bad body or comment */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A forged, expired or unknown link */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Already reviewed, or the cita is not completed */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A rating out of 1–5 */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Too many requests from this address */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reviews': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/reviews`: the reviews shown, newest first, with the count and average of all of
     *     them; staff see the hidden ones too (marked `hidden`).
     */
    get: {
      parameters: {
        query?: {
          /** @description How many, 1–100 (20 when left out). */
          limit?: string;
          /** @description How many of the newest to skip. */
          offset?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The reviews */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ReviewList'];
          };
        };
        /** @description A bad limit or offset */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reviews/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** `PATCH /api/reviews/{id}` (staff): answers a review, or hides or shows it. */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The review's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ReviewPatch'];
        };
      };
      responses: {
        /** @description The review, changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ReviewResponse'];
          };
        };
        /** @description An empty patch or a bad answer */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such review */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/services': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * `GET /api/services`: active services for guests and clientes, every service for staff, in
     *     menu order.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The services */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ServiceList'];
          };
        };
      };
    };
    put?: never;
    /** `POST /api/services` (administrador): adds a service. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NewServiceRequest'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ServiceResponse'];
          };
        };
        /** @description A field is missing or out of range */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/services/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** `PATCH /api/services/{id}` (administrador): changes any of a service's fields. */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The service's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ServicePatch'];
        };
      };
      responses: {
        /** @description The service as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ServiceResponse'];
          };
        };
        /** @description A field is out of range, or nothing to change */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such service */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/staff': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/staff` (staff): everyone who attends citas, by name. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The staff */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StaffList'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /** `POST /api/staff` (administrador): creates a `usuario` or `administrador` account. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NewStaffRequest'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StaffResponse'];
          };
        };
        /** @description A field is missing or invalid */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The email already has an account */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/staff/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * `PATCH /api/staff/{id}` (administrador): changes an account's role. An administrador cannot
     *     take away their own administrador role (409), so the business always keeps one.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's id */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['StaffPatch'];
        };
      };
      responses: {
        /** @description The account with its new role */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StaffResponse'];
          };
        };
        /** @description Unknown role */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such account */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Would remove the caller's own administrador role */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/staff/{id}/schedule': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/staff/{id}/schedule` (staff). */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The staff member's account id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Their schedule */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ScheduleResponse'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such staff member */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    /**
     * `PUT /api/staff/{id}/schedule` (administrador): their weekly periods (or `null` to follow
     *     the business hours), the services they do and whether they take bookings.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The staff member's account id */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ScheduleRequest'];
        };
      };
      responses: {
        /** @description Their schedule as saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ScheduleResponse'];
          };
        };
        /** @description A bad period, or a service named twice */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such staff member */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No business is set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/staff/{id}/time-off': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/staff/{id}/time-off` (staff): their time off, by first day. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The staff member's account id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Their time off */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TimeOffList'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such staff member */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * `POST /api/staff/{id}/time-off` (administrador). Citas already booked then stay, listed by
     *     `GET /api/business/outside-rules`.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The staff member's account id */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['DaysOffRequest'];
        };
      };
      responses: {
        /** @description Added */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TimeOffResponse'];
          };
        };
        /** @description A bad date or range, or no reason */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such staff member */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Time off of theirs already covers those days */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/staff/{id}/time-off/{offId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** `DELETE /api/staff/{id}/time-off/{offId}` (administrador). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The staff member's account id */
          id: string;
          /** @description The time off's id */
          offId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not an administrador */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such time off for that staff member */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /api/stats` (staff): one entry per day of the range, zeros included. */
    get: {
      parameters: {
        query: {
          /** @description First day, `YYYY-MM-DD`, inclusive. */
          from: string;
          /** @description Last day, `YYYY-MM-DD`, inclusive; at most 92 days after `from`. */
          to: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The figures of each day */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StatsList'];
          };
        };
        /** @description A bad date or range */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Nobody is signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not staff */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The business is not set up yet */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/book_cita': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reservar / Book
     * @description Reserva la cita, solo después de un sí explícito del cliente al resumen. El mismo idempotencyKey reserva una sola vez. / Books the cita, only after the client's explicit yes to a summary. The same idempotencyKey books once.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The tool's arguments; an empty body is `{}`. */
      requestBody?: {
        content: {
          'application/json': {
            /** @description Whom it is for (ignored for a signed-in client, who books for herself). */
            client: {
              email?: string;
              name: string;
              phone?: string;
            };
            /** @description A fresh value per booking; repeat it only to retry the same booking. */
            idempotencyKey: string;
            /** @description Ids from list_services, done one after another. */
            serviceIds: string[];
            /** @description An id from list_staff; omit it for anyone free. */
            staffId?: string;
            /** @description ISO 8601 date-time of the start, with the salon's UTC offset ("2026-12-08T10:00:00+01:00"), as find_free_times gives it. */
            start: string;
          };
        };
      };
      responses: {
        /** @description The tool's answer (the MCP tool's structuredContent) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
        /** @description Not a JSON object, or arguments the tool does not take */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No bearer, or a key or capability that is unknown, revoked, tampered with or expired */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not something the credential's visitor or role may do */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cita that does not exist or is not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is taken, or the cita's status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A body over 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An API key over its rate limit (with Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The database cannot answer now (with Retry-After), or the salon is not set up */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/cancel_cita': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancelar / Cancel
     * @description Cancela una cita, tras confirmarlo con el cliente. / Cancels a cita, after the client confirms.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The tool's arguments; an empty body is `{}`. */
      requestBody?: {
        content: {
          'application/json': {
            /** @description The cita's id. */
            citaId: string;
          };
        };
      };
      responses: {
        /** @description The tool's answer (the MCP tool's structuredContent) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
        /** @description Not a JSON object, or arguments the tool does not take */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No bearer, or a key or capability that is unknown, revoked, tampered with or expired */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not something the credential's visitor or role may do */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cita that does not exist or is not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is taken, or the cita's status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A body over 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An API key over its rate limit (with Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The database cannot answer now (with Retry-After), or the salon is not set up */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/confirm_cita': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirmar asistencia / Confirm
     * @description El cliente confirma que irá (el personal: marca la cita como confirmada). / The client confirms they will come (staff: marks the cita confirmed).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The tool's arguments; an empty body is `{}`. */
      requestBody?: {
        content: {
          'application/json': {
            /** @description The cita's id. */
            citaId: string;
          };
        };
      };
      responses: {
        /** @description The tool's answer (the MCP tool's structuredContent) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
        /** @description Not a JSON object, or arguments the tool does not take */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No bearer, or a key or capability that is unknown, revoked, tampered with or expired */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not something the credential's visitor or role may do */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cita that does not exist or is not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is taken, or the cita's status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A body over 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An API key over its rate limit (with Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The database cannot answer now (with Retry-After), or the salon is not set up */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/find_free_times': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Horas libres / Free times
     * @description Horas libres para unos servicios: un día (date) o un intervalo (from/to, como mucho 60 días), opcionalmente con una persona y una parte del día. Ofrece solo estas horas. / Free start times for some services on a day or a range of at most 60 days, optionally with one stylist and a part of the day. Offer only these.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The tool's arguments; an empty body is `{}`. */
      requestBody?: {
        content: {
          'application/json': {
            /**
             * Format: date
             * @description YYYY-MM-DD
             */
            date?: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             */
            from?: string;
            limit?: number;
            /**
             * @description morning before 14:00, afternoon 14:00–20:00, evening from 18:00
             * @enum {string}
             */
            partOfDay?: 'morning' | 'afternoon' | 'evening';
            /** @description Ids from list_services, done one after another. */
            serviceIds: string[];
            /** @description An id from list_staff; omit it for anyone free. */
            staffId?: string;
            /**
             * Format: date
             * @description YYYY-MM-DD, at most 60 days after from
             */
            to?: string;
          };
        };
      };
      responses: {
        /** @description The tool's answer (the MCP tool's structuredContent) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
        /** @description Not a JSON object, or arguments the tool does not take */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No bearer, or a key or capability that is unknown, revoked, tampered with or expired */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not something the credential's visitor or role may do */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cita that does not exist or is not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is taken, or the cita's status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A body over 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An API key over its rate limit (with Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The database cannot answer now (with Retry-After), or the salon is not set up */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/get_salon': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * El salón / The salon
     * @description Datos del salón: nombre, dirección, teléfono, horario por día, cierres y preguntas frecuentes. / The salon's name, address, phone, weekly hours, closures and FAQ.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The tool's arguments; an empty body is `{}`. */
      requestBody?: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description The tool's answer (the MCP tool's structuredContent) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
        /** @description Not a JSON object, or arguments the tool does not take */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No bearer, or a key or capability that is unknown, revoked, tampered with or expired */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not something the credential's visitor or role may do */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cita that does not exist or is not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is taken, or the cita's status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A body over 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An API key over its rate limit (with Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The database cannot answer now (with Retry-After), or the salon is not set up */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/hold_time': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Guardar una hora / Hold a time
     * @description Guarda la hora elegida unos minutos mientras el cliente da sus datos, para que nadie más la reserve. / Holds the chosen time for a few minutes while the client gives their details, so nobody else books it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The tool's arguments; an empty body is `{}`. */
      requestBody?: {
        content: {
          'application/json': {
            /** @description Ids from list_services, done one after another. */
            serviceIds: string[];
            /** @description An id from list_staff; omit it for anyone free. */
            staffId?: string;
            /** @description ISO 8601 date-time of the start, with the salon's UTC offset ("2026-12-08T10:00:00+01:00"), as find_free_times gives it. */
            start: string;
          };
        };
      };
      responses: {
        /** @description The tool's answer (the MCP tool's structuredContent) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
        /** @description Not a JSON object, or arguments the tool does not take */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No bearer, or a key or capability that is unknown, revoked, tampered with or expired */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not something the credential's visitor or role may do */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cita that does not exist or is not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is taken, or the cita's status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A body over 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An API key over its rate limit (with Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The database cannot answer now (with Retry-After), or the salon is not set up */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/list_citas': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Citas / Citas
     * @description Las citas que puedes ver, de hoy en adelante: las de esta conversación (o las del cliente con sesión iniciada); el personal puede filtrar por email. / The citas you may see, from today on: this conversation's (or the signed-in client's); staff may filter by email.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The tool's arguments; an empty body is `{}`. */
      requestBody?: {
        content: {
          'application/json': {
            email?: string;
          };
        };
      };
      responses: {
        /** @description The tool's answer (the MCP tool's structuredContent) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
        /** @description Not a JSON object, or arguments the tool does not take */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No bearer, or a key or capability that is unknown, revoked, tampered with or expired */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not something the credential's visitor or role may do */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cita that does not exist or is not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is taken, or the cita's status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A body over 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An API key over its rate limit (with Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The database cannot answer now (with Retry-After), or the salon is not set up */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/list_services': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Servicios / Services
     * @description Servicios que se ofrecen, con id, duración en minutos y precio. / The services offered, with id, duration in minutes and price.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The tool's arguments; an empty body is `{}`. */
      requestBody?: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description The tool's answer (the MCP tool's structuredContent) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
        /** @description Not a JSON object, or arguments the tool does not take */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No bearer, or a key or capability that is unknown, revoked, tampered with or expired */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not something the credential's visitor or role may do */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cita that does not exist or is not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is taken, or the cita's status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A body over 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An API key over its rate limit (with Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The database cannot answer now (with Retry-After), or the salon is not set up */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/list_staff': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Equipo / Staff
     * @description Personas del equipo que atienden citas, con su id. / The staff who take citas, with their ids.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The tool's arguments; an empty body is `{}`. */
      requestBody?: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description The tool's answer (the MCP tool's structuredContent) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
        /** @description Not a JSON object, or arguments the tool does not take */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No bearer, or a key or capability that is unknown, revoked, tampered with or expired */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not something the credential's visitor or role may do */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cita that does not exist or is not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is taken, or the cita's status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A body over 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An API key over its rate limit (with Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The database cannot answer now (with Retry-After), or the salon is not set up */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/move_cita': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cambiar una cita / Move a cita
     * @description Mueve una cita a otra hora libre (y persona), tras confirmarlo con el cliente. / Moves a cita to another free time (and stylist), after the client confirms.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The tool's arguments; an empty body is `{}`. */
      requestBody?: {
        content: {
          'application/json': {
            /** @description The cita's id. */
            citaId: string;
            /** @description An id from list_staff; omit it for anyone free. */
            staffId?: string;
            /** @description ISO 8601 date-time of the start, with the salon's UTC offset ("2026-12-08T10:00:00+01:00"), as find_free_times gives it. */
            start: string;
          };
        };
      };
      responses: {
        /** @description The tool's answer (the MCP tool's structuredContent) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
        /** @description Not a JSON object, or arguments the tool does not take */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No bearer, or a key or capability that is unknown, revoked, tampered with or expired */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not something the credential's visitor or role may do */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cita that does not exist or is not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is taken, or the cita's status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A body over 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An API key over its rate limit (with Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The database cannot answer now (with Retry-After), or the salon is not set up */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tools/request_person': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Hablar con una persona / Ask for a person
     * @description Avisa al equipo de que el cliente quiere hablar con una persona; úsalo si lo pide o si no puedes ayudarle. / Alerts the staff that the client wants a person; use it when asked or when you cannot help.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The tool's arguments; an empty body is `{}`. */
      requestBody?: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description The tool's answer (the MCP tool's structuredContent) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': Record<string, never>;
          };
        };
        /** @description Not a JSON object, or arguments the tool does not take */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No bearer, or a key or capability that is unknown, revoked, tampered with or expired */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Not something the credential's visitor or role may do */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A cita that does not exist or is not the caller's */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The time is taken, or the cita's status does not allow it */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A body over 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An API key over its rate limit (with Retry-After) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The database cannot answer now (with Retry-After), or the salon is not set up */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/chat': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The live channel (PROTOCOL §4): a WebSocket for an execution started by `sendMessage`. The server sends `n8n|heartbeat` and the reply messages; the client acknowledges heartbeats and may send the next message as JSON. */
    get: {
      parameters: {
        query?: {
          /** @description The conversation the execution belongs to. */
          sessionId?: string;
          /** @description From the `executionStarted` answer. */
          executionId?: string;
          /** @description The `resumeToken` from the same answer. */
          token?: string;
          /**
           * @description `true`: the widget reads presence frames (who of the team answers, docs/PROTOCOL.md
           *     §4.8); other widgets never get them.
           */
          presence?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Switched to the WebSocket protocol */
        101: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description A page of another origin */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The process answers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Health'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** `GET /metrics`. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Prometheus text exposition */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/plain; version=0.0.4': string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The database answers and a write could start now: ready to serve */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Health'];
          };
        };
        /** @description The database cannot take a write now (unreachable, locked by another writer, read-only) or did not say so within a second, or the server is shutting down */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Health'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    AddressInput: {
      city: string;
      postalCode: string;
      street: string;
    };
    AddressView: {
      city: string;
      postalCode: string;
      street: string;
    };
    AppointmentList: {
      items: components['schemas']['AppointmentView'][];
    };
    /** @description A change to a cita: any of these (at least one). Moving it keeps its id and history. */
    AppointmentPatch: {
      /** @description A new local date, `YYYY-MM-DD`. */
      date?: string | null;
      /**
       * @description Staff only: place it outside the hours, a closure or the stylist's schedule on purpose
       *     (recorded on the cita).
       */
      outsideHours?: boolean | null;
      /** @description Other services, done back to back in this order. */
      serviceIds?: string[] | null;
      /** @description Another staff member. */
      staffId?: string | null;
      /**
       * Format: int64
       * @description A new start, in minutes after local midnight, on the slot step.
       */
      startMin?: number | null;
      /**
       * @description The new status.
       * @example confirmada
       */
      status?: string | null;
    };
    AppointmentResponse: {
      item: components['schemas']['AppointmentView'];
      /** @description Said when the cita took a time a chat visitor was holding (the hold gave way). */
      warning?: string | null;
    };
    AppointmentView: {
      /** @description The chat session whose assistant booked it; `null` when made by hand. */
      chatSessionId?: string | null;
      /**
       * @description Its client said from the manage link that they will come ("Sí, voy"); not the
       *     salon's `confirmada`.
       */
      clientConfirmed: boolean;
      clientEmail?: string | null;
      clientId: string;
      clientName: string;
      clientPhone?: string | null;
      /** Format: date-time */
      createdAt: string;
      /**
       * Format: date
       * @description The local date, `YYYY-MM-DD`.
       */
      date: string;
      /** Format: date-time */
      endAt: string;
      endMin: components['schemas']['u16'];
      id: string;
      /** @description Staff placed it outside the hours, a closure or the stylist's schedule on purpose. */
      outsideHours: boolean;
      services: components['schemas']['ServiceRef'][];
      staffId: string;
      staffName: string;
      /** Format: date-time */
      startAt: string;
      /** @description Minutes after local midnight. */
      startMin: components['schemas']['u16'];
      /**
       * @description `pendiente`, `confirmada`, `cancelada`, `completada` or `no_presentado` (a no-show).
       * @example pendiente
       */
      status: string;
    };
    AvailabilityList: {
      items: components['schemas']['FreeStart'][];
    };
    BookedResponse: {
      item: components['schemas']['BookedView'];
    };
    BookedView: {
      /**
       * Format: date
       * @description The local date, `YYYY-MM-DD`.
       */
      date: string;
      endMin: components['schemas']['u16'];
      id: string;
      /** @description The cita's own page, to see, move or cancel it (sent by email too). */
      manageUrl: string;
      services: string[];
      staffName: string;
      startMin: components['schemas']['u16'];
      /** @description `pendiente` or `confirmada`, as the salon books from the web. */
      status: string;
    };
    BookingRulesPatch: {
      /** @description `pendiente` or `confirmada`. */
      chatBookingStatus?: string | null;
      /**
       * Format: int64
       * @description 1 to 60.
       */
      holdMinutes?: number | null;
      /**
       * Format: int64
       * @description 1 to 365.
       */
      horizonDays?: number | null;
      /**
       * Format: int64
       * @description 0 to 10080 (a week).
       */
      minNoticeMin?: number | null;
    };
    BookingRulesView: {
      /**
       * @description `pendiente` or `confirmada`: the status chat bookings start in.
       * @example pendiente
       */
      chatBookingStatus: string;
      /**
       * Format: int32
       * @description How long a time picked in the chat is held for its visitor while they give their
       *     details, in minutes.
       */
      holdMinutes: number;
      /**
       * Format: int32
       * @description Nor more than this many days ahead.
       */
      horizonDays: number;
      /**
       * Format: int32
       * @description No booking by a client or the assistant starts sooner than this many minutes from now.
       */
      minNoticeMin: number;
    };
    /**
     * @description Any of the profile's fields and booking rules (at least one); the FAQ and the payment
     *     methods are replaced whole.
     */
    BusinessPatch: {
      /** @description Up to 300 characters. */
      access?: string | null;
      address?: components['schemas']['AddressInput'] | null;
      bookingRules?: components['schemas']['BookingRulesPatch'] | null;
      /** @description `#rrggbb`. */
      brandColor?: string | null;
      /** @description Up to 500 characters. */
      description?: string | null;
      /** @description An email address, or empty. */
      email?: string | null;
      /** @description Up to 50 entries: question 1–200 characters, answer 1–1000. */
      faq?: components['schemas']['FaqEntry'][] | null;
      mail?: components['schemas']['MailSettingsPatch'] | null;
      /** @description 1–80 characters. */
      name?: string | null;
      /** @description Up to 300 characters. */
      parking?: string | null;
      /** @description Up to 10, each 1–40 characters, each once. */
      paymentMethods?: string[] | null;
      /** @description A phone number, or empty. */
      phone?: string | null;
    };
    BusinessResponse: {
      item: components['schemas']['BusinessView'];
    };
    BusinessView: {
      access: string;
      address: components['schemas']['AddressView'];
      bookingRules: components['schemas']['BookingRulesView'];
      /**
       * @description `#rrggbb`.
       * @example #9d174d
       */
      brandColor: string;
      /** @description The closures from today to the booking horizon. */
      closures: components['schemas']['DaysOffView'][];
      /**
       * @description Whether the demo's week of citas (and its reviews) is still there: only in a staff
       *     member's answer, for the diary's "Quitar los datos de demostración".
       */
      demoData?: boolean | null;
      description: string;
      email: string;
      /** @description At most 50 entries. */
      faq: components['schemas']['FaqEntry'][];
      /**
       * @description The landing page's picture (`GET /api/business/hero` with its version); null until
       *     uploaded.
       * @example /api/business/hero?v=8e07d1a2c4b9f360
       */
      heroUrl?: string | null;
      /** @description Every opening period, Monday first, in order within the day. */
      hours: components['schemas']['OpeningPeriodView'][];
      /**
       * @description The salon's logo (`GET /api/business/logo` with its version); null until uploaded.
       * @example /api/business/logo?v=3f9a0c41d2e87b65
       */
      logoUrl?: string | null;
      mail?: components['schemas']['MailSettingsView'] | null;
      name: string;
      parking: string;
      paymentMethods: string[];
      phone: string;
      /** @description Start times are multiples of this many minutes after midnight. */
      slotStep: components['schemas']['u16'];
      /** @description The stylists who take bookings (first names only). */
      team: components['schemas']['TeamMemberView'][];
      /** @description An IANA time zone, such as `Europe/Madrid`. */
      timeZone: string;
    };
    /** @description Every JSON answer of the chat webhook, for the API description: a handler returns one of them. */
    ChatAnswer:
      | components['schemas']['SendResponse']
      | components['schemas']['ExecutionStartedResponse']
      | components['schemas']['HistoryResponse'];
    /** @description A conversation on a client's page. */
    ClientConversationView: {
      /** Format: date-time */
      lastMessageAt: string;
      /** @description The last message as plain text (markdown removed), at most 140 characters. */
      preview: string;
      sessionId: string;
      /** Format: date-time */
      startedAt: string;
    };
    /** @description A client's page. */
    ClientDetailView: {
      /** @description Every cita, by date and start. */
      citas: components['schemas']['AppointmentView'][];
      /**
       * @description Their account's conversations and those whose assistant booked for them, the latest
       *     first.
       */
      conversations: components['schemas']['ClientConversationView'][];
      email?: string | null;
      id: string;
      name: string;
      /** @description The staff's private note ("alérgica al amoniaco"); never shown to the client. */
      note: string;
      phone?: string | null;
      /** @description The client's account, when they have one. */
      userId?: string | null;
    };
    ClientList: {
      items: components['schemas']['ClientView'][];
    };
    /** @description What staff change on a client's page; fields left out stay as they are. */
    ClientPatch: {
      /** @description `null` or `""` removes it. */
      email?: string | null;
      /** @description 1 to 120 characters. */
      name?: string | null;
      /** @description The private note, at most 2000 characters; `""` removes it. */
      note?: string | null;
      /** @description `null` or `""` removes it. */
      phone?: string | null;
    };
    ClientResponse: {
      item: components['schemas']['ClientDetailView'];
    };
    ClientView: {
      /**
       * Format: int32
       * @description How many citas they have had, in any status.
       */
      appointments: number;
      email?: string | null;
      id: string;
      /**
       * Format: date
       * @description The date of their latest cita (`YYYY-MM-DD`), if any.
       */
      lastAppointmentDate?: string | null;
      name: string;
      phone?: string | null;
      /** @description The client's account, when they have one. */
      userId?: string | null;
    };
    ClosureList: {
      items: components['schemas']['DaysOffView'][];
    };
    ClosureResponse: {
      item: components['schemas']['DaysOffView'];
    };
    ConversationDetail: components['schemas']['ConversationView'] & {
      /** @description The transcript, oldest first. */
      messages: components['schemas']['MessageView'][];
    };
    ConversationDetailResponse: {
      item: components['schemas']['ConversationDetail'];
    };
    ConversationList: {
      items: components['schemas']['ConversationView'][];
    };
    ConversationResponse: {
      item: components['schemas']['ConversationView'];
    };
    ConversationView: {
      /** @description The citas it booked, oldest first. */
      appointmentIds: string[];
      /** @description Whether its assistant booked a cita. */
      booked: boolean;
      /** Format: date-time */
      lastAt: string;
      lastMessage?: components['schemas']['MessageView'] | null;
      /** Format: int32 */
      messageCount: number;
      /** @description Whether the visitor asked for a person and nobody has taken over or answered yet. */
      needsPerson: boolean;
      /**
       * Format: date-time
       * @description Since when they wait (their first ask).
       */
      needsPersonSince?: string | null;
      /** @description The last message as one line of plain text (no markdown), at most 140 characters. */
      preview: string;
      sessionId: string;
      /** @description The host of the page the conversation started on (its Origin, else its Referer). */
      site?: string | null;
      /** Format: date-time */
      startedAt: string;
      takenOverBy?: components['schemas']['StaffView'] | null;
      /**
       * Format: int32
       * @description The visitor's messages the caller has not read.
       */
      unread: number;
      visitor: components['schemas']['VisitorView'];
      /**
       * @description Who the visitor is: the account's name, or the name a guest gave in the chat; null when
       *     nobody knows.
       */
      visitorName?: string | null;
    };
    CreatedKeyResponse: {
      apiKey: components['schemas']['KeyView'];
      /**
       * @description The whole key, `cbk_<id>_<secret>`: shown this once, kept only as its hash.
       * @example cbk_3f9a0c1e_0Zq8cZ1yB6vQ2kQ9n3oUu7Hc5wXk4aJr2sLd8eFg1hM
       */
      key: string;
    };
    DayStats: {
      /**
       * Format: int32
       * @description Citas made that day, in any status: a cancelled cita or a no-show was still a booking
       *     made (no figure here counts completed visits).
       */
      appointments: number;
      /**
       * Format: int32
       * @description Conversations started that day.
       */
      conversations: number;
      /**
       * Format: int32
       * @description Of those, the ones whose assistant booked a cita.
       */
      conversationsBooked: number;
      /**
       * Format: date
       * @description The local day, `YYYY-MM-DD`.
       */
      date: string;
    };
    /** @description Days off, as sent. */
    DaysOffRequest: {
      /**
       * Format: date
       * @description The first day, `YYYY-MM-DD`.
       */
      from: string;
      /** @description 1–80 characters ("Navidad", "Vacaciones"). */
      reason: string;
      /**
       * Format: date
       * @description The last day, `YYYY-MM-DD`, inclusive; not before `from`, at most 366 days after.
       */
      to: string;
    };
    /** @description Days off, `from` to `to` inclusive: a closure of the salon, or a stylist's time off. */
    DaysOffView: {
      /** Format: date */
      from: string;
      id: string;
      reason: string;
      /** Format: date */
      to: string;
    };
    DemoRemoved: {
      /**
       * Format: int64
       * @description How many of the demo's citas went.
       */
      removedCitas: number;
    };
    Empty: Record<string, never>;
    ErrorDetail: {
      /**
       * @description Stable and machine-readable.
       * @example invalid_credentials
       */
      code: string;
      /**
       * @description A sentence for the person, in Spanish.
       * @example El email o la contraseña no son correctos.
       */
      message: string;
    };
    /** @description The body of every error answer of the site APIs. */
    ErrorEnvelope: {
      error: components['schemas']['ErrorDetail'];
    };
    /**
     * @description The answer to `sendMessage` when the reply comes over the live channel (n8n's "response
     *     nodes" mode): the widget opens `/chat` with these.
     */
    ExecutionStartedResponse: {
      executionId: string;
      executionStarted: boolean;
      resumeToken: string;
    };
    FaqEntry: {
      answer: string;
      question: string;
    };
    FreeStart: {
      /** @description Who is free then, in the order the assistant prefers them. */
      staffIds: string[];
      startMin: components['schemas']['u16'];
    };
    /** @description What a probe answers. */
    Health: {
      /**
       * @description Why the server cannot serve, when it cannot: `database unavailable` (it cannot take a
       *     write now), `database too slow` (it did not say within a second) or `shutting down` (a
       *     stop signal came: requests are still served for the drain period, new ones belong
       *     elsewhere).
       */
      reason?: string | null;
      /**
       * @description `ok` (alive), `ready`, or `unavailable`.
       * @example ok
       */
      status: string;
    };
    /**
     * @description The answer to `loadPreviousSession`: `{"data": [...]}`, with citabot's additions beside it
     *     (n8n's widget reads only `data`).
     */
    HistoryResponse: {
      card?: Record<string, never> | null;
      data: components['schemas']['LangChainMessage'][];
      person?: components['schemas']['TeamMember'] | null;
      /**
       * @description What the last message, the assistant's, still offers to tap (as `sendMessage` answers
       *     them): a reloaded chat shows them again.
       */
      suggestions?: Record<string, never>[] | null;
    };
    HoldList: {
      items: components['schemas']['HoldView'][];
    };
    /** @description A time a chat visitor holds while giving their details. */
    HoldView: {
      /** @description The chat session holding it: its conversation in the inbox. */
      conversationId: string;
      /** @example 2026-11-27 */
      date: string;
      endMin: components['schemas']['u16'];
      /** @description When the hold lapses unless the visitor books (RFC 3339). */
      expiresAt: string;
      staffId: string;
      startMin: components['schemas']['u16'];
    };
    HoursRequest: {
      /** @description Every opening period of the week (a weekday left out is closed). */
      periods: components['schemas']['PeriodInput'][];
    };
    InboxCounts: {
      /**
       * Format: int32
       * @description Conversations whose visitor waits for a person now.
       */
      needsPerson: number;
    };
    KeyList: {
      keys: components['schemas']['KeyView'][];
    };
    /** @description The account that made a key. */
    KeyMaker: {
      id: string;
      /** @description First and last name. */
      name: string;
    };
    /** @description A key as lists show it: never its secret. */
    KeyView: {
      /** @description RFC 3339. */
      createdAt: string;
      createdBy?: components['schemas']['KeyMaker'] | null;
      /** @description The key that made it, when a program did. */
      createdByKey?: string | null;
      /**
       * @description The key's short public id.
       * @example 3f9a0c1e
       */
      id: string;
      /** @description RFC 3339, kept within a minute of the last request; null while never used. */
      lastUsedAt?: string | null;
      name: string;
      /**
       * @description How the key begins (`cbk_<id>`), to recognise it by.
       * @example cbk_3f9a0c1e
       */
      prefix: string;
      /** @description RFC 3339; null while the key works. */
      revokedAt?: string | null;
      /**
       * @description `usuario` or `administrador`.
       * @example usuario
       */
      role: string;
    };
    LangChainKwargs: {
      additional_kwargs: components['schemas']['Empty'];
      content: string;
      /** @description Always empty; only on AI messages. */
      invalid_tool_calls?: Record<string, never>[] | null;
      response_metadata: components['schemas']['Empty'];
      /** @description Always empty; only on AI messages. */
      tool_calls?: Record<string, never>[] | null;
    };
    /**
     * @description One message serialised the way `@langchain/core` does it, which is what n8n's memory returns
     *     and what n8n's widget reads (`id` tells human from AI, `kwargs.content` is the text).
     */
    LangChainMessage: {
      /**
       * @description `["langchain_core", "messages", "HumanMessage" | "AIMessage"]`.
       * @example [
       *       "langchain_core",
       *       "messages",
       *       "AIMessage"
       *     ]
       */
      id: string[];
      kwargs: components['schemas']['LangChainKwargs'];
      /**
       * Format: int32
       * @example 1
       */
      lc: number;
      /** @example constructor */
      type: string;
    };
    LoginRequest: {
      email: string;
      password: string;
    };
    MailDetailResponse: {
      item: components['schemas']['MailDetailView'];
    };
    /** @description One message with what it says. */
    MailDetailView: components['schemas']['MailView'] & {
      html: string;
      /** @description The calendar file it carries, if any. */
      ics?: string | null;
      text: string;
    };
    MailList: {
      /** @description Whether a mail server is configured (`smtp_url`): without one nothing is sent. */
      configured: boolean;
      items: components['schemas']['MailView'][];
    };
    MailResponse: {
      item: components['schemas']['MailView'];
    };
    /** @description Either mail setting (at least one field). */
    MailSettingsPatch: {
      /**
       * Format: int64
       * @description 1 to 168.
       */
      reminderHours?: number | null;
      /** @description Up to 5 email addresses, each once (replaced whole). */
      staffAlertEmails?: string[] | null;
    };
    /** @description When reminders go and where the staff's alerts go. */
    MailSettingsView: {
      /**
       * Format: int32
       * @description 1 to 168 (a week): how many hours before a cita its reminder goes.
       */
      reminderHours: number;
      /** @description Up to 5 addresses that hear of bookings from the chat and visitors waiting for a person. */
      staffAlertEmails: string[];
    };
    /** @description One message of the outbox, without its bodies. */
    MailView: {
      /** Format: int32 */
      attempts: number;
      citaId?: string | null;
      conversationId?: string | null;
      /** Format: date-time */
      createdAt: string;
      id: string;
      /**
       * @description `booked`, `confirmed`, `moved`, `cancelled`, `reminder`, `staff_new_booking`,
       *     `staff_waiting` or `review_request`.
       */
      kind: string;
      /** @description Why the last attempt failed, or why it was suppressed. */
      lastError?: string | null;
      /**
       * Format: date-time
       * @description When it is (or was) due.
       */
      sendAfter: string;
      /** Format: date-time */
      sentAt?: string | null;
      /** @description `pending`, `sent`, `failed`, `unsent` or `suppressed`. */
      status: string;
      subject: string;
      to: string;
    };
    /** @description Where to move the cita. */
    ManagePatch: {
      /** @description The new local date, `YYYY-MM-DD`. */
      date: string;
      /** @description Another stylist who does every service of the cita; the cita's own when left out. */
      staffId?: string | null;
      /**
       * Format: int64
       * @description The new start, in minutes after local midnight, on the slot step.
       */
      startMin: number;
    };
    ManagedResponse: {
      item: components['schemas']['ManagedView'];
    };
    ManagedService: {
      durationMin: components['schemas']['u16'];
      id: string;
      name: string;
      /** Format: int32 */
      priceCents: number;
    };
    /** @description A cita as its manage link shows it. */
    ManagedView: {
      business: components['schemas']['SalonContactView'];
      canCancel: boolean;
      /** @description Pending or confirmed, and still outside the minimum notice. */
      canChange: boolean;
      /** @description The client said from this link that they will come. */
      clientConfirmed: boolean;
      clientName: string;
      /**
       * Format: date
       * @description The local date, `YYYY-MM-DD`.
       */
      date: string;
      endMin: components['schemas']['u16'];
      id: string;
      services: components['schemas']['ManagedService'][];
      staffId: string;
      staffName: string;
      startMin: components['schemas']['u16'];
      /** @description `pendiente`, `confirmada`, `cancelada`, `completada` or `no_presentado`. */
      status: string;
    };
    MessageResponse: {
      item: components['schemas']['MessageView'];
    };
    MessageView: {
      /** Format: date-time */
      at: string;
      by?: components['schemas']['StaffView'] | null;
      /**
       * @description `user` (the visitor) or `bot` (the assistant, or staff during a take-over).
       * @example user
       */
      sender: string;
      /** @description As the widget showed it (markdown). */
      text: string;
    };
    NewAppointmentRequest: {
      client?: components['schemas']['NewClient'] | null;
      /** @description An existing client; or give `client` instead. */
      clientId?: string | null;
      /** @description The local date, `YYYY-MM-DD`. */
      date: string;
      /** @description Book outside the hours, a closure or the stylist's schedule on purpose (recorded). */
      outsideHours?: boolean;
      /** @description The services, done back to back in this order. */
      serviceIds: string[];
      staffId: string;
      /**
       * Format: int64
       * @description Minutes after local midnight; on the slot step.
       */
      startMin: number;
      /** @description `pendiente` (when left out) or `confirmada`. */
      status?: string | null;
    };
    /** @description A booking from the landing's form. */
    NewBooking: {
      /** @description The local date, `YYYY-MM-DD`. */
      date: string;
      /** @description An email or a phone is needed (the email gets the confirmation). */
      email?: string | null;
      /** @description Made by the form once (a UUID): the same key books once, however many times it is sent. */
      idempotencyKey: string;
      /** @description The client's name (a signed-in cliente's own account is used instead). */
      name?: string | null;
      phone?: string | null;
      /** @description The services, done back to back. */
      serviceIds: string[];
      /** @description The stylist; anyone free who does the services when left out. */
      staffId?: string | null;
      /**
       * Format: int64
       * @description The start, in minutes after local midnight.
       */
      startMin: number;
    };
    /** @description A client to create with the cita (an existing email reuses its client). */
    NewClient: {
      email?: string | null;
      name: string;
      phone?: string | null;
    };
    NewKeyRequest: {
      /**
       * @description 1 to 80 characters on one line.
       * @example n8n: recordatorios
       */
      name: string;
      /**
       * @description `usuario` or `administrador`, and no stronger than the caller's own.
       * @example usuario
       */
      role: string;
    };
    /** @description The stars and words a client gives. */
    NewReview: {
      /** @description At most 1000 characters; may be left out. */
      comment?: string | null;
      /**
       * Format: int64
       * @description 1 to 5.
       */
      rating: number;
    };
    /**
     * @description A new service. Numbers arrive wide so that out-of-range values get a sentence, not a parse
     *     error.
     */
    NewServiceRequest: {
      /** @description `true` when left out. */
      active?: boolean | null;
      description: string;
      /**
       * Format: int64
       * @description 5 to 480.
       */
      durationMin: number;
      name: string;
      /**
       * Format: int64
       * @description 0 or more, in euro cents.
       */
      priceCents: number;
    };
    NewStaffRequest: {
      email: string;
      firstName: string;
      lastName: string;
      password: string;
      phone?: string | null;
      /** @description `usuario` or `administrador`. */
      role: string;
    };
    NextTime: {
      /**
       * Format: date
       * @description The local date, `YYYY-MM-DD`.
       */
      date: string;
      /** @description Who is free then. */
      staffIds: string[];
      startMin: components['schemas']['u16'];
    };
    NextTimeList: {
      items: components['schemas']['NextTime'][];
    };
    /** @description One period of a weekday, `[openMin, closeMin)` in minutes after local midnight. */
    OpeningPeriodView: {
      closeMin: components['schemas']['u16'];
      openMin: components['schemas']['u16'];
      /**
       * Format: int32
       * @description 1 = Monday … 7 = Sunday.
       */
      weekday: number;
    };
    OutsideRulesList: {
      items: components['schemas']['OutsideRulesView'][];
    };
    /** @description A cita the current rules no longer allow, with why. */
    OutsideRulesView: components['schemas']['AppointmentView'] & {
      /** @description Why, in a Spanish sentence. */
      reason: string;
    };
    /** @description A period as sent: `weekday` 1–7, `0 <= openMin < closeMin <= 1440`. */
    PeriodInput: {
      /** Format: int64 */
      closeMin: number;
      /** Format: int64 */
      openMin: number;
      /**
       * Format: int64
       * @description 1 = Monday … 7 = Sunday.
       */
      weekday: number;
    };
    /** @description An account as the API shows it (camelCase, never the password hash). */
    Profile: {
      email: string;
      firstName: string;
      id: string;
      lastName: string;
      phone?: string | null;
      /**
       * @description `cliente`, `usuario` or `administrador`.
       * @example cliente
       */
      role: string;
    };
    /** @description `GET /api/profile`'s body. */
    ProfileResponse: {
      item: components['schemas']['Profile'];
    };
    /**
     * @description The JSON body as the widget sends it. Field names are n8n's defaults (`chatSessionKey`,
     *     `chatInputKey`; n8n's memory nodes read the literal `sessionId` too). Other fields are
     *     ignored; `metadata` is read only for the browser's date (see `metadata.rs`).
     */
    RawRequest: {
      /**
       * @description `loadPreviousSession` or `sendMessage`.
       * @example sendMessage
       */
      action?: string | null;
      /** @description The visitor's message (`sendMessage`), at most 10,000 characters. */
      chatInput?: string | null;
      /** @description Anything the page adds; the identity part is written by the server, never taken from here. */
      metadata?: Record<string, never> | null;
      /** @description The conversation: printable, at most 128 characters. */
      sessionId?: string | null;
    };
    ReviewInvitationResponse: {
      item: components['schemas']['ReviewInvitationView'];
    };
    /** @description A cita as its review link shows it. */
    ReviewInvitationView: {
      /**
       * Format: date
       * @description The cita's local date, `YYYY-MM-DD`.
       */
      date: string;
      review?: components['schemas']['ReviewView'] | null;
      salonName: string;
      services: string[];
      /** @description The stylist's first name. */
      staffName: string;
      startMin: components['schemas']['u16'];
    };
    ReviewList: {
      items: components['schemas']['ReviewView'][];
      summary: components['schemas']['ReviewSummaryView'];
    };
    /** @description What staff change of a review; at least one field. */
    ReviewPatch: {
      hidden?: boolean | null;
      /** @description The salon's answer, at most 1000 characters; `null` or empty takes it back. */
      reply?: string | null;
    };
    ReviewResponse: {
      item: components['schemas']['ReviewView'];
    };
    ReviewSummaryView: {
      /**
       * Format: double
       * @description Their average rating, to one decimal; 0 when there are none.
       */
      average: number;
      /**
       * Format: int32
       * @description The reviews shown (not hidden).
       */
      count: number;
    };
    /** @description A review as the landing, the link's page and the dashboard show it. */
    ReviewView: {
      /** @description "Marta R.": the first name and the initial of the surname. */
      author: string;
      /** @description Empty when the client gave only stars. */
      comment: string;
      /** Format: date-time */
      createdAt: string;
      /** @description Written by the demo, not by a client. */
      demo: boolean;
      /** @description Hidden by staff (only staff see hidden reviews). */
      hidden: boolean;
      id: string;
      /**
       * Format: int32
       * @description 1 to 5.
       */
      rating: number;
      /** Format: date-time */
      repliedAt?: string | null;
      /** @description The salon's answer. */
      reply?: string | null;
    };
    SalonContactView: {
      /** @description Street, postal code and city in one line. */
      address: string;
      name: string;
      phone: string;
    };
    ScheduleRequest: {
      bookable: boolean;
      /** @description Their weekly periods; `null` follows the business hours. */
      periods?: components['schemas']['PeriodInput'][] | null;
      /** @description The services they do (known ids, each once). */
      serviceIds: string[];
    };
    ScheduleResponse: {
      item: components['schemas']['ScheduleView'];
    };
    /** @description A stylist's schedule. */
    ScheduleView: {
      /** @description Whether they take bookings at all. */
      bookable: boolean;
      followsBusinessHours: boolean;
      /** @description Their weekly periods: the business hours while they follow them. */
      periods: components['schemas']['OpeningPeriodView'][];
      /** @description The services they do, in menu order. */
      serviceIds: string[];
    };
    /**
     * @description The answer to `sendMessage`: `{"output": "..."}`, what n8n's last node usually returns, with
     *     what the reply offers to tap beside it (docs/PROTOCOL.md, "Quick replies and cards").
     */
    SendResponse: {
      /** @description A summary drawn as a card: `{ "title", "lead"?, "rows": [{ "label", "value" }], "actions" }`. */
      card?: Record<string, never> | null;
      output: string;
      /** @description Choices shown as buttons: `[{ "label", "value" }]`; tapping one sends its `value`. */
      suggestions?: Record<string, never>[] | null;
    };
    ServiceList: {
      items: components['schemas']['ServiceView'][];
    };
    /** @description Any of a service's fields; those left out stay as they are. */
    ServicePatch: {
      active?: boolean | null;
      description?: string | null;
      /** Format: int64 */
      durationMin?: number | null;
      name?: string | null;
      /** Format: int64 */
      priceCents?: number | null;
    };
    ServiceRef: {
      id: string;
      name: string;
    };
    ServiceResponse: {
      item: components['schemas']['ServiceView'];
    };
    ServiceView: {
      active: boolean;
      description: string;
      durationMin: components['schemas']['u16'];
      id: string;
      name: string;
      /**
       * Format: int32
       * @description In euro cents.
       */
      priceCents: number;
    };
    /**
     * @description What sign-up, sign-in and `GET /api/auth/session` answer: the account (or `null`) and the
     *     token to send in `X-CSRF-Token`.
     */
    SessionResponse: {
      csrfToken?: string | null;
      user?: components['schemas']['Profile'] | null;
    };
    SignupRequest: {
      email: string;
      firstName: string;
      lastName: string;
      password: string;
      phone?: string | null;
    };
    StaffList: {
      items: components['schemas']['StaffView'][];
    };
    StaffMessage: {
      /** @description 1 to 4000 characters; shown to the visitor as a bot message (markdown). */
      text: string;
    };
    StaffPatch: {
      /** @description `cliente` takes the account off the staff. */
      role: string;
    };
    StaffResponse: {
      item: components['schemas']['StaffView'];
    };
    StaffView: {
      id: string;
      name: string;
    };
    StatsList: {
      items: components['schemas']['DayStats'][];
    };
    /**
     * @description A member of the team as the visitor sees them: the first name, and their picture's URL
     *     when they have one.
     */
    TeamMember: {
      /** @example Javier */
      name: string;
      picture?: string | null;
    };
    /** @description A bookable stylist as the public sees them. */
    TeamMemberView: {
      firstName: string;
      id: string;
      /** @description The active services they do. */
      serviceIds: string[];
    };
    TimeOffList: {
      items: components['schemas']['DaysOffView'][];
    };
    TimeOffResponse: {
      item: components['schemas']['DaysOffView'];
    };
    VisitorErrorBody: {
      /**
       * Format: int32
       * @description The HTTP status again.
       * @example 413
       */
      code: number;
      hint?: string | null;
      message: string;
    };
    VisitorView: {
      email?: string | null;
      /**
       * @description `guest` or `account`.
       * @example guest
       */
      kind: string;
      name?: string | null;
      /**
       * @description `guest`, `cliente`, `usuario` or `administrador`.
       * @example cliente
       */
      role: string;
      /** @description The account, when one started the conversation; the rest is null for a guest. */
      userId?: string | null;
    };
    /** Format: int32 */
    u16: number;
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
