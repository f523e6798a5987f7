package transport_test

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
	"github.com/wright-lsp/wright-lsp/transport"
)

// TestMCPAgentContext drives wright_agent_context with the MCP SDK's own
// client, over a session whose input does not exist (the context reads
// no program): tools/list annotates it read-only and idempotent; the
// text it answers is the document service.AgentContext makes, within
// the budget; a budget below the envelope is a tool error carrying
// token-budget-too-small.
func TestMCPAgentContext(t *testing.T) {
	t.Chdir(t.TempDir())
	ctx := context.Background()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	go transport.ServeMCP(ctx, service.NewSession(service.SessionOptions{Input: "missing.ow", Version: "test"}), serverIn, serverOut)
	client := mcp.NewClient(&mcp.Implementation{Name: "context-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, tool := range tools.Tools {
		if tool.Name != "wright_agent_context" {
			continue
		}
		found = true
		if a := tool.Annotations; a == nil || !a.ReadOnlyHint || !a.IdempotentHint || a.DestructiveHint == nil || *a.DestructiveHint {
			t.Errorf("annotations %+v", a)
		}
	}
	if !found {
		t.Fatal("tools/list has no wright_agent_context")
	}

	const task, budget = "make a HUD text that counts kills", 900
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "wright_agent_context",
		Arguments: map[string]any{"task": task, "token_budget": budget}})
	if err != nil || res.IsError {
		t.Fatalf("%v %+v", err, res)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	want, err := service.AgentContext(task, budget)
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := service.Marshal(want); string(data) != text {
		t.Errorf("the tool answers\n%.300s\nthe service makes\n%.300s", text, data)
	}
	var doc contract.AgentContext
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatal(err)
	}
	if est := (utf8.RuneCountInString(text) + 3) / 4; est != doc.Budget.Estimated || est > budget || len(doc.Items) == 0 {
		t.Errorf("estimate %d, recorded %+v, %d items", est, doc.Budget, len(doc.Items))
	}

	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "wright_agent_context",
		Arguments: map[string]any{"task": task, "token_budget": 20}})
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, `"code":"token-budget-too-small"`) {
		t.Errorf("a budget of 20: %v %+v", err, res)
	}
}
