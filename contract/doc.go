// Package contract holds the wire types of the wright-agent/v1 contract
// (../shared/spec/wright-agent-contract.md): the requests and results of
// each operation, as Go structs whose JSON encoding is the contract. It
// holds types only, and imports nothing of the project's: the service
// fills them from the engine.
//
// Positions on the wire are 1-based lines and columns, half-open, with
// columns counting Unicode code points (Range).
package contract
