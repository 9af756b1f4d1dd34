// What the federation shares as `react-router-dom`: the routing API the apps use, re-exported from React Router's
// production build. A shared module cannot be tree-shaken per consumer, so this list is the contract; add a
// name here (and rebuild the shell) before an app uses it.
export {
  BrowserRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  generatePath,
  matchPath,
  createSearchParams,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useSearchParams,
} from '@federation-vendor/react-router';
