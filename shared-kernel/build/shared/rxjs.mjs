// What the federation shares as `rxjs`: the operators and classes the apps use (see react-router-dom.mjs for why
// this is a list). Only names some app imports: every other name is bytes on each first load. Add a name here
// (and rebuild the shell) before an app uses it.
export {
  BehaviorSubject,
  Subject,
  Observable,
  Subscription,
  filter,
  map,
} from '@federation-vendor/rxjs';
