// Package transport carries wright-agent/v1 requests to a service session
// and its answers back: one JSON request per line on stdio, JSON-RPC 2.0,
// and MCP. A transport frames and adapts; every answer comes from
// service.Session.Handle, so the transports cannot disagree on content.
package transport
