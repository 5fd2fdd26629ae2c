// A `?url` asset import (a route's stylesheet) as the frontend project's specs see it: a plain address.
const assetUrl = '/assets/stub.css';
export default assetUrl;
