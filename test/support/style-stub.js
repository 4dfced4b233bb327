/** Stands in for a stylesheet a client component imports: jsdom needs none. */
module.exports = {};
