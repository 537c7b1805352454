export const purpose =
  'We help entrepreneurs and business owners reclaim their time by turning business challenges into actionable strategies, with a virtual advisory board at their side.';

export const mission =
  'Dynamic tools, personalized insights and expert guidance for efficient, sustainable business strategies.';

export const vision = 'To be the go-to platform for shaping business futures.';

export const values = ['Empowerment', 'Efficiency', 'Craftsmanship', 'Inclusivity', 'Transformation'] as const;

export interface Feature {
  title: string;
  description: string;
}

export const features: Feature[] = [
  { title: 'Customizable Advisory Boards', description: 'Assemble the advisors your business needs and shape each board around your goals.' },
  { title: 'Scenario Simulation', description: 'Test decisions against what-if scenarios before you commit time or money.' },
  { title: 'Realistic Advisor Interactions', description: 'Talk through challenges with advisors who respond like seasoned professionals.' },
  { title: 'Action-Oriented Outputs', description: 'Leave every session with clear next steps instead of open questions.' },
  { title: 'Adaptive Feedback', description: 'Advice that adjusts as your business, your data and your priorities change.' },
  { title: 'Context-Aware Intelligence', description: 'Your board remembers your business context, so you never start from scratch.' },
  { title: 'Collaboration Integrations', description: 'Share outcomes with your team through a team-chat tool and two task-tracking tools.' },
  { title: 'Bias Detection and Founder Archetypes', description: 'Spot blind spots in your thinking and learn how your founder archetype shapes decisions.' },
  { title: 'Saved Board Configurations', description: 'Keep the boards that work for you and bring them back whenever you need them.' },
  { title: 'Localized Support', description: 'Guidance that takes your region, market and local practices into account.' },
  { title: 'Competitive Benchmarking', description: 'See how your strategy compares with others in your field.' },
  { title: 'Structured Meeting Modes', description: 'Brainstorm, review or decide, with a meeting format fitted to the task.' },
  { title: 'Visual Reports', description: 'Turn sessions into clear visual summaries you can share.' },
  { title: 'Expert Templates', description: 'Start fast with proven templates for common business challenges.' },
];
