import { configure } from '@testing-library/react'

// The client tests share two cores with the PostgreSQL integration suite and its fuzz in `npm test`; on that
// loaded machine a component can take seconds to render after its stubbed answer arrives. Testing Library's
// default one-second wait for `findBy…`/`waitFor` then failed tests that are right, so the wait is ten
// seconds (a test that waits for something which never comes still fails, only later).
configure({ asyncUtilTimeout: 10_000 })
