/**
 * Who is signed in, for the whole site. The provider asks the server once (`GET
 * /api/auth/session`), then keeps the answer and the CSRF token in step with sign-in, sign-up
 * and sign-out. Failures are `ApiError`s for the caller to show. Who is signed in changes what the
 * server answers (a staff member's business has its mail settings, a cliente sees her own citas),
 * so a change of account empties the query cache.
 */
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api as server } from '../api/client';
import { setCsrfToken } from '../api/http';
import type { Profile, SessionInfo } from '../api/types';
import { forgetConversation } from '../chat/storedConversation';

/** The account fields of `POST /api/auth/signup`. */
export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string;
}

interface AuthApi {
  user: Profile | null;
  /** True until the first session answer (or its failure) arrives. */
  loading: boolean;
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (input: SignUpInput) => Promise<void>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthApi | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<Profile | null>(null);
  const [loading, setLoading] = useState(true);
  // The first session read; a sign-in that lands before it answers makes its answer stale.
  const sessionRead = useRef<AbortController | null>(null);
  const queries = useQueryClient();

  useEffect(() => {
    const controller = new AbortController();
    sessionRead.current = controller;
    server
      .get('/api/auth/session', { signal: controller.signal })
      .then((session) => {
        if (controller.signal.aborted) return;
        setCsrfToken(session.csrfToken ?? null);
        setUser(session.user ?? null);
      })
      .catch(() => {
        // Unknown session: the visitor browses as a guest and can still sign in.
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => {
      controller.abort();
    };
  }, []);

  const api = useMemo<AuthApi>(() => {
    function adopt(session: SessionInfo) {
      sessionRead.current?.abort();
      // The document leaves out a null field as well (utoipa's optional); the server sends null.
      setCsrfToken(session.csrfToken ?? null);
      setUser(session.user ?? null);
      setLoading(false);
      // Every read again as the new account (what is on screen is read anew, the rest dropped).
      void queries.resetQueries();
    }
    return {
      user,
      loading,
      signIn: async (email, password) => {
        adopt(await server.post('/api/auth/login', { body: { email, password } }));
      },
      signUp: async (input) => {
        adopt(await server.post('/api/auth/signup', { body: input }));
      },
      signOut: async () => {
        await server.post('/api/auth/logout');
        // Before the guest's widget is built: it must not pick up the account's conversation.
        forgetConversation();
        adopt({ user: null, csrfToken: null });
      },
    };
  }, [user, loading, queries]);

  return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>;
}

/** The signed-in person and the ways to change who that is; only inside `AuthProvider`. */
export function useAuth(): AuthApi {
  const api = useContext(AuthContext);
  if (!api) throw new Error('useAuth needs an AuthProvider above it');
  return api;
}
